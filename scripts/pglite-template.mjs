/**
 * Regenerates apps/server/src/platform/db/pglite-template/ — a fresh PGlite data dir (initdb output, no
 * extensions, no migrations) as a brotli tarball, and the PGlite version that made it. A first
 * start unpacks it instead of running initdb (~1.1 GB peak, 3–10 s; docs/decisions.md). Run after
 * upgrading @electric-sql/pglite: `node scripts/pglite-template.mjs`. A template of another
 * version is ignored (initdb runs as before), so a stale one costs time, never correctness.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";

const out = path.join(import.meta.dirname, "../apps/server/src/platform/db/pglite-template");
const pkg = JSON.parse(
  fs.readFileSync(new URL("../package.json", import.meta.resolve("@electric-sql/pglite")), "utf8"),
);
const pg = await PGlite.create();
const tar = Buffer.from(await (await pg.dumpDataDir("none")).arrayBuffer());
await pg.close();
const packed = zlib.brotliCompressSync(tar, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  },
});
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "pgdata.tar.br"), packed);
fs.writeFileSync(path.join(out, "version.json"), JSON.stringify({ pglite: pkg.version }, null, 2) + "\n");
console.log(`pglite ${pkg.version}: ${tar.length} bytes of data dir, ${packed.length} packed`);
