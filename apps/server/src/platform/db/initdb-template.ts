import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const templateFolder = path.join(import.meta.dirname, "pglite-template");

/**
 * A fresh data dir made by the installed PGlite's initdb, shipped with Mnemo (scripts/pglite-template.mjs):
 * unpacking it peaks at ~400 MB where initdb peaks at ~1.1 GB. Undefined when it was made by
 * another PGlite version (initdb runs instead).
 */
export function initdbTemplate(): Blob | undefined {
  try {
    const made = JSON.parse(fs.readFileSync(path.join(templateFolder, "version.json"), "utf8")) as {
      pglite: string;
    };
    const installed = JSON.parse(
      fs.readFileSync(new URL("../package.json", import.meta.resolve("@electric-sql/pglite")), "utf8"),
    ) as { version: string };
    if (made.pglite !== installed.version) return undefined;
    return new Blob([zlib.brotliDecompressSync(fs.readFileSync(path.join(templateFolder, "pgdata.tar.br")))]);
  } catch {
    return undefined;
  }
}
