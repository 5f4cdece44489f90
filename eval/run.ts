/**
 * Quality evaluations: `npm run eval -- <kind> --data <folder>`.
 * Each kind lives in eval/<kind>.ts and exports `run(args)`; it prints its figures and ends with
 * one summary line `key=value key=value …`.
 */
import path from "node:path";
import fs from "node:fs";

const [kind, ...rest] = process.argv.slice(2);
const kinds = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "run.ts" && !f.startsWith("lib"))
  .map((f) => f.replace(/\.ts$/, ""));
if (!kind || !kinds.includes(kind)) {
  console.error(`Usage: npm run eval -- <${kinds.join("|")}> --data <folder>`);
  process.exit(1);
}
const mod = (await import(path.join(import.meta.dirname, `${kind}.ts`))) as {
  run: (args: string[]) => Promise<void>;
};
await mod.run(rest);
