import type { ExtractInput, ExtractLimits } from "./types.ts";

export const defaultExtractLimits: ExtractLimits = {
  maxPages: 2_000,
  maxOutputChars: 5_000_000,
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxOcrPages: 50,
  maxImagePixels: 40_000_000,
};

export function resolveLimits(input: ExtractInput): ExtractLimits {
  return { ...defaultExtractLimits, ...input.limits };
}
