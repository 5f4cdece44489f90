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

/**
 * The BlockNote block editor. Loaded lazily (React.lazy) so BlockNote and Mantine stay out of the
 * main bundle. `onReady` hands the parent a reader of the current blocks and Markdown.
 */
export default function BlockNoteEditor({
  initialBlocks,
  onChange,
  onReady,
  editable = true,
}: {
  initialBlocks?: unknown[];
  onChange: () => void;
  onReady: (read: () => EditorContent) => void;
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
  return (
    <BlockNoteView
      editor={editor}
      editable={editable}
      onChange={onChange}
      theme={dark ? "dark" : "light"}
      className="min-h-60"
      data-testid="page-editor-blocks"
    />
  );
}
