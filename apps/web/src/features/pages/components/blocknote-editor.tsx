import "@blocknote/core/fonts/inter.css";
import "@blocknote/mantine/style.css";
import { useEffect } from "react";
import { useCreateBlockNote } from "@blocknote/react";
import { BlockNoteView } from "@blocknote/mantine";
import type { PartialBlock } from "@blocknote/core";
import { useTheme } from "@/lib/theme";

export interface EditorContent {
  blocks: unknown[];
  markdown: string;
}

/** What the page editor may do to the open document besides reading it. */
export interface EditorActions {
  /** Inserts blocks after the block holding the cursor (an empty page is replaced). */
  insertBlocks(blocks: unknown[]): void;
}

/**
 * The BlockNote block editor. Loaded lazily (React.lazy) so BlockNote and Mantine stay out of the
 * main bundle. `onReady` hands the parent a reader of the current blocks and Markdown.
 */
export default function BlockNoteEditor({
  initialBlocks,
  onChange,
  onReady,
  onActions,
  editable = true,
}: {
  initialBlocks?: unknown[];
  onChange: () => void;
  onReady: (read: () => EditorContent) => void;
  onActions?: (actions: EditorActions) => void;
  editable?: boolean;
}) {
  const [theme] = useTheme();
  const dark =
    theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const editor = useCreateBlockNote({
    initialContent: initialBlocks && initialBlocks.length > 0 ? (initialBlocks as PartialBlock[]) : undefined,
  });
  useEffect(() => {
    onReady(() => ({ blocks: editor.document, markdown: editor.blocksToMarkdownLossy(editor.document) }));
  }, [editor, onReady]);
  useEffect(() => {
    onActions?.({
      insertBlocks(blocks) {
        const doc = editor.document;
        const only = doc.length === 1 ? doc[0] : undefined;
        const emptyPage = only && only.type === "paragraph" && (only.content as unknown[]).length === 0;
        // An empty paragraph after the insertion: the cursor waits there for the person's notes.
        const added = [...(blocks as PartialBlock[]), { type: "paragraph" as const }];
        let inserted;
        if (emptyPage) inserted = editor.replaceBlocks([only], added).insertedBlocks;
        else {
          let at = doc[doc.length - 1];
          try {
            at = editor.getTextCursorPosition().block;
          } catch {
            // No cursor yet (the editor was never focused): append at the end.
          }
          inserted = editor.insertBlocks(added, at, "after");
        }
        const last = inserted[inserted.length - 1];
        if (last) editor.setTextCursorPosition(last, "end");
        onChange();
      },
    });
  }, [editor, onActions, onChange]);
  return (
    <BlockNoteView
      editor={editor}
      editable={editable}
      onChange={onChange}
      theme={dark ? "dark" : "light"}
      className="min-h-60 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2"
      data-testid="page-editor-blocks"
    />
  );
}
