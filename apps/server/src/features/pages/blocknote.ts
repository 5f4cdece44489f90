/**
 * BlockNote conversions of untrusted documents, run in the sandboxed process with time and
 * memory budgets so that a hostile document costs its sender an error, never everyone a stall.
 */
import { AppError } from "../../platform/lib/errors.ts";
import { runSandboxed, sandboxLane } from "../../platform/sandbox/runner.ts";
import { sandboxTask } from "../../platform/sandbox/task.ts";
import type * as Editor from "./blocknote-editor.ts";
import { ExtractError } from "../../core/ingest/extractors/types.ts";

/** Heap budget of the sandbox running a conversion (its time budget is `PARSE_TIMEOUT_MS`). */
const maxOldGenerationMb = 256;

/** The editor's conversions, run in the sandbox; its schema loads before the budget starts. */
const editor = new URL("./blocknote-editor.ts", import.meta.url);
const markdownToBlocksTask = sandboxTask<typeof Editor.parseMarkdownToBlocks>(
  editor,
  "parseMarkdownToBlocks",
  {
    prepare: "loadEditor",
  },
);
const blocksToMarkdownTask = sandboxTask<typeof Editor.serializeBlocksToMarkdown>(
  editor,
  "serializeBlocksToMarkdown",
  { prepare: "loadEditor" },
);

/**
 * Conversions asked for by requests: two at a time, a few more waiting, the rest refused as busy.
 * Separate from the extraction lane so a long upload never delays an editor.
 */
const withConversionSlot = sandboxLane(2, 8);
const busy = () => new AppError("rate_limited", "The server is busy. Please try again.", undefined, 503);

/** Markdown → a BlockNote block document. Rejects with ExtractError past the budget. */
export function markdownToBlocks(markdown: string, timeoutMs: number): Promise<unknown[]> {
  return withConversionSlot(
    () => runSandboxed(markdownToBlocksTask, markdown, { timeoutMs, maxOldGenerationMb }),
    busy,
  );
}

/** A BlockNote block document → Markdown (what pages are indexed by). */
export function blocksToMarkdown(blocks: unknown[], timeoutMs: number): Promise<string> {
  if (blocks.length === 0) return Promise.resolve("");
  return withConversionSlot(
    () => runSandboxed(blocksToMarkdownTask, blocks, { timeoutMs, maxOldGenerationMb }),
    busy,
  );
}

/** A failed conversion as the request's answer: 422 with a clear message, never a 500. */
export function conversionRefused(err: unknown): never {
  if (!(err instanceof ExtractError)) throw err;
  const tooBig = err.reason === "timeout" || err.reason === "resource_limit" || err.reason === "too_large";
  throw new AppError(
    "validation",
    tooBig
      ? "This document is too large or too complex to convert."
      : "This document could not be converted.",
    undefined,
    422,
  );
}
