/**
 * Every CPU-heavy parse of untrusted input that the sandboxed process runs (see `runner.ts`):
 * one function per task, one argument each (sent over IPC with structured clone).
 */
import { extract } from "./index.ts";
import { parseMarkdownToBlocks, serializeBlocksToMarkdown } from "../../pages/blocknote-editor.ts";
import { readPage } from "../../links/extract.ts";
import type { ParsedFeed } from "../../apps/connectors/types.ts";
import type { prepareChunks as PrepareChunks } from "../../search/prepare.ts";
import type { ParseImportInput, ParseImportPacked } from "../../transfer/parse/index.ts";

export const sandboxTasks = {
  extract,
  markdownToBlocks: parseMarkdownToBlocks,
  blocksToMarkdown: serializeBlocksToMarkdown,
  readPage,
  /** RSS / Atom / JSON Feed (the feed parser loads with the first feed). */
  parseFeed: async (xml: string): Promise<ParsedFeed> =>
    (await import("../../apps/connectors/feed-parse.ts")).parseFeedDocument(xml),
  /** Chunking and analysis preparation of a large memory's text (search/indexer.ts). */
  // Loads the chunker and language analysis (ELD, stemmers: ~90 MB) only in a process that
  // prepares a large memory, not in every extraction process.
  prepareChunks: async (
    arg: Parameters<typeof PrepareChunks>[0],
  ): Promise<Awaited<ReturnType<typeof PrepareChunks>>> =>
    (await import("../../search/prepare.ts")).prepareChunks(arg),
  /** An import file (bookmarks, list exports, zips of notes, Mnemo exports) read into its plan. */
  parseImport: async (arg: ParseImportInput): Promise<ParseImportPacked> =>
    (await import("../../transfer/parse/index.ts")).parseImportPacked(arg),
  /** The attachments an import plan names, inflated from its archive. */
  importEntries: async (arg: { bytes: Uint8Array; paths: string[] }): Promise<Record<string, Uint8Array>> =>
    (await import("../../transfer/parse/index.ts")).readImportEntries(arg),
};

export type SandboxTasks = typeof sandboxTasks;
export type SandboxOp = keyof SandboxTasks;
export type SandboxArg<K extends SandboxOp> = Parameters<SandboxTasks[K]>[0];
export type SandboxResult<K extends SandboxOp> = Awaited<ReturnType<SandboxTasks[K]>>;
