/**
 * Every CPU-heavy parse of untrusted input that the sandboxed process runs (see `runner.ts`):
 * one function per task, one argument each (sent over IPC with structured clone).
 */
import { extract } from "./index.ts";
import { parseMarkdownToBlocks, serializeBlocksToMarkdown } from "../../pages/blocknote-editor.ts";
import { readPage } from "../../links/extract.ts";
import { parseFeedDocument } from "../../apps/connectors/feed-parse.ts";
import { prepareChunks } from "../../search/prepare.ts";

export const sandboxTasks = {
  extract,
  markdownToBlocks: parseMarkdownToBlocks,
  blocksToMarkdown: serializeBlocksToMarkdown,
  readPage,
  parseFeed: parseFeedDocument,
  /** Chunking and analysis preparation of a large memory's text (search/indexer.ts). */
  prepareChunks,
};

export type SandboxTasks = typeof sandboxTasks;
export type SandboxOp = keyof SandboxTasks;
export type SandboxArg<K extends SandboxOp> = Parameters<SandboxTasks[K]>[0];
export type SandboxResult<K extends SandboxOp> = Awaited<ReturnType<SandboxTasks[K]>>;
