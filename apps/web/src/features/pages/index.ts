/** Public pieces of the pages feature (BlockNote pages), for capture, the preview and chat. */
export { PageEditorDialog } from "./components/page-editor-dialog";
export type { EditorContent } from "./components/blocknote-editor";
export { savePage } from "./api/save-page";
export { parseMarkdownToBlocks } from "./api/parse-markdown";
export { createAutosaver } from "./logic/autosave";
export { LazyBlockNoteEditor } from "./components/lazy-editor";
