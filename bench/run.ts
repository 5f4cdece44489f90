/**
 * Benchmarks: `npm run bench -- <name>`, code under bench/<name>/index.ts exporting `run(args)`.
 * Each prints its figures and ends with one summary line `key=value key=value …`.
 */
import path from "node:path";
import fs from "node:fs";

const [name, ...rest] = process.argv.slice(2);
const names = fs
  .readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(import.meta.dirname, d.name, "index.ts")))
  .map((d) => d.name);
if (!name || !names.includes(name)) {
  console.error(`Usage: npm run bench -- <${names.join("|") || "name"}>`);
  process.exit(1);
}
const mod = (await import(path.join(import.meta.dirname, name, "index.ts"))) as {
  run: (args: string[]) => Promise<void>;
};
await mod.run(rest);
