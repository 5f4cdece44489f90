// Builds the unpacked extension into dist/ (load it from chrome://extensions, or with --load-extension).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = import.meta.dirname;
const dist = path.join(root, "dist");
fs.rmSync(dist, { recursive: true, force: true });
fs.cpSync(path.join(root, "static"), dist, { recursive: true });
await build({
  entryPoints: ["background", "popup", "capture"].map((n) => path.join(root, "src", `${n}.ts`)),
  outdir: dist,
  bundle: true,
  format: "esm",
  target: "chrome120",
  minify: false,
  logLevel: "warning",
});
// capture.js runs as a classic script via chrome.scripting: no module syntax in it.
await build({
  entryPoints: [path.join(root, "src", "capture.ts")],
  outfile: path.join(dist, "capture.js"),
  bundle: true,
  format: "iife",
  target: "chrome120",
  logLevel: "warning",
  allowOverwrite: true,
});
console.log(`extension built in ${path.relative(process.cwd(), dist) || dist}`);
