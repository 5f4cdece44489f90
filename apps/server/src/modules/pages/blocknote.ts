import type { Block } from "@blocknote/core";

type Editor = {
  tryParseMarkdownToBlocks(markdown: string): Promise<Block[]>;
  blocksToMarkdownLossy(blocks?: Block[]): Promise<string>;
};

let editor: Promise<Editor> | undefined;

/** One server-side BlockNote editor (headless), created on first use: loading it costs ~0.5 s. */
function getEditor(): Promise<Editor> {
  editor ??= import("@blocknote/server-util").then(
    ({ ServerBlockNoteEditor }) => ServerBlockNoteEditor.create() as unknown as Editor,
  );
  return editor;
}

/** Markdown → a BlockNote block document (POST /api/blocknote-parser). */
export async function markdownToBlocks(markdown: string): Promise<unknown[]> {
  return (await getEditor()).tryParseMarkdownToBlocks(markdown);
}

/** A BlockNote block document → Markdown (what pages are indexed by). */
export async function blocksToMarkdown(blocks: unknown[]): Promise<string> {
  if (blocks.length === 0) return "";
  return (await getEditor()).blocksToMarkdownLossy(blocks as Block[]);
}
