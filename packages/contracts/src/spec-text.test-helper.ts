/// <reference types="node" />
/**
 * Test helper: the text of the three spec documents, so tests can assert that message literals and
 * constants occur in the spec verbatim. The spec lives beside the checkout (../shared/spec); the
 * SPEC_DIR environment variable overrides the location. When it is absent the spec checks skip.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const specDir: string =
  process.env.SPEC_DIR ?? fileURLToPath(new URL("../../../../shared/spec/", import.meta.url));

export const specAvailable: boolean = existsSync(specDir);

/** All spec documents concatenated (empty when the spec is not available). */
export const specText: string = specAvailable
  ? readdirSync(specDir)
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => readFileSync(join(specDir, f), "utf8"))
      .join("\n")
  : "";

/** Every string leaf of a nested object or array, keyed by its dotted path. */
export function stringLeaves(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, path ? `${path}.${k}` : k));
  }
  return [];
}
