import fs from "node:fs";
import type { ExtractInput } from "./types.ts";

/** Test helper: a committed fixture file as an ExtractInput (optionally under another name). */
export function fixture(file: string, name = file): ExtractInput {
  const url = new URL(`../../../test/fixtures/files/${file}`, import.meta.url);
  return { bytes: new Uint8Array(fs.readFileSync(url)), name };
}
