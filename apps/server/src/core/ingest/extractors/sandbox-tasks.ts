/**
 * Every CPU-heavy parse of untrusted input that the sandboxed process runs (see `runner.ts`):
 * one function per task, one argument each (sent over IPC with structured clone).
 */
import type { extract as Extract } from "./index.ts";
import type { parseMarkdownToBlocks, serializeBlocksToMarkdown } from "../../../features/pages/blocknote-editor.ts";
import type { readPage as ReadPage } from "../../../platform/links/extract.ts";
import type { ParsedFeed, ParsedMail } from "../../../features/apps/connectors/types.ts";
import type { FrontMatter } from "../../../features/apps/connectors/front-matter.ts";
import type { DavListing, DavListingInput } from "../../../features/apps/connectors/dav-listing.ts";
import type { prepareChunks as PrepareChunks } from "../../search/prepare.ts";
import type { ParseImportInput, ParseImportPacked } from "../../../features/transfer/parse/index.ts";

type Arg<F extends (...args: never[]) => unknown> = Parameters<F>[0];
type Result<F extends (...args: never[]) => unknown> = Promise<Awaited<ReturnType<F>>>;

/**
 * Each task loads its parsers with its first call: a process that reads web pages never loads
 * the file extractors or the editor's schema (each costs 10–30 MB resident in every process).
 */
export const sandboxTasks = {
  extract: async (arg: Arg<typeof Extract>): Result<typeof Extract> =>
    (await import("./index.ts")).extract(arg),
  markdownToBlocks: async (arg: Arg<typeof parseMarkdownToBlocks>): Result<typeof parseMarkdownToBlocks> =>
    (await import("../../../features/pages/blocknote-editor.ts")).parseMarkdownToBlocks(arg),
  blocksToMarkdown: async (
    arg: Arg<typeof serializeBlocksToMarkdown>,
  ): Result<typeof serializeBlocksToMarkdown> =>
    (await import("../../../features/pages/blocknote-editor.ts")).serializeBlocksToMarkdown(arg),
  readPage: async (arg: Arg<typeof ReadPage>): Result<typeof ReadPage> =>
    (await import("../../../platform/links/extract.ts")).readPage(arg),
  /** RSS / Atom / JSON Feed (the feed parser loads with the first feed). */
  parseFeed: async (xml: string): Promise<ParsedFeed> =>
    (await import("../../../features/apps/connectors/feed-parse.ts")).parseFeedDocument(xml),
  /** One e-mail message (RFC 5322) of the Mail connector: headers, body and attachments. */
  parseMail: async (source: Uint8Array): Promise<ParsedMail> =>
    (await import("../../../features/apps/connectors/mail-parse.ts")).parseMailSource(source),
  /** Synced notes' YAML front matter, a batch of blocks per call (the YAML parser loads with the first). */
  parseFrontMatter: async (blocks: string[]): Promise<FrontMatter[]> =>
    (await import("../../../features/apps/connectors/front-matter.ts")).readFrontMatters(blocks),
  /** A WebDAV folder listing (PROPFIND multistatus XML) of the WebDAV connector. */
  parseDavListing: async (arg: DavListingInput): Promise<DavListing> =>
    (await import("../../../features/apps/connectors/dav-listing.ts")).parseDavListing(arg),
  /** Chunking and analysis preparation of a large memory's text (search/indexer.ts). */
  // Loads the chunker and language analysis (ELD, stemmers: ~90 MB) only in a process that
  // prepares a large memory, not in every extraction process.
  prepareChunks: async (
    arg: Parameters<typeof PrepareChunks>[0],
  ): Promise<Awaited<ReturnType<typeof PrepareChunks>>> =>
    (await import("../../search/prepare.ts")).prepareChunks(arg),
  /** An import file (bookmarks, list exports, zips of notes, Mnemo exports) read into its plan. */
  parseImport: async (arg: ParseImportInput): Promise<ParseImportPacked> =>
    (await import("../../../features/transfer/parse/index.ts")).parseImportPacked(arg),
  /** The attachments an import plan names, inflated from its archive. */
  importEntries: async (arg: { bytes: Uint8Array; paths: string[] }): Promise<Record<string, Uint8Array>> =>
    (await import("../../../features/transfer/parse/index.ts")).readImportEntries(arg),
};

/**
 * The modules each task loads with its first call, imported before the task's time budget starts
 * (`extract-process.ts` reports "started" after this): loading the editor's schema or the
 * language analysis takes seconds on a busy machine, and a budget is for the document's work.
 */
export const sandboxModules: Record<keyof typeof sandboxTasks, () => Promise<unknown>> = {
  extract: () => import("./index.ts"),
  markdownToBlocks: async () => (await import("../../../features/pages/blocknote-editor.ts")).loadEditor(),
  blocksToMarkdown: async () => (await import("../../../features/pages/blocknote-editor.ts")).loadEditor(),
  readPage: () => import("../../../platform/links/extract.ts"),
  parseFeed: () => import("../../../features/apps/connectors/feed-parse.ts"),
  parseMail: () => import("../../../features/apps/connectors/mail-parse.ts"),
  parseFrontMatter: () => import("../../../features/apps/connectors/front-matter.ts"),
  parseDavListing: () => import("../../../features/apps/connectors/dav-listing.ts"),
  prepareChunks: () => import("../../search/prepare.ts"),
  parseImport: () => import("../../../features/transfer/parse/index.ts"),
  importEntries: () => import("../../../features/transfer/parse/index.ts"),
};

export type SandboxTasks = typeof sandboxTasks;
export type SandboxOp = keyof SandboxTasks;
export type SandboxArg<K extends SandboxOp> = Parameters<SandboxTasks[K]>[0];
export type SandboxResult<K extends SandboxOp> = Awaited<ReturnType<SandboxTasks[K]>>;
