/**
 * The BlockNote conversions themselves. They are CPU-heavy on hostile input (9 s for `"["` ×
 * 100,000), so they run only inside the sandboxed extraction process: callers use
 * `blocknote.ts`, which sends them there with time and memory budgets.
 */
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

/** Loads the editor ahead of a conversion (the sandbox does it before the time budget starts). */
export async function loadEditor(): Promise<void> {
  await getEditor();
}

/** Markdown → a BlockNote block document, on the calling thread. */
export async function parseMarkdownToBlocks(markdown: string): Promise<unknown[]> {
  return (await getEditor()).tryParseMarkdownToBlocks(markdown);
}

/** A BlockNote block document → Markdown, on the calling thread. */
export async function serializeBlocksToMarkdown(blocks: unknown[]): Promise<string> {
  if (blocks.length === 0) return "";
  return (await getEditor()).blocksToMarkdownLossy(blocks as Block[]);
}
