/** Public pieces of the preview feature, for the wall, collections and app search. */
export { SourcePreviewDialog, previewQueryParam } from "./components/source-preview-dialog";
export { CandidatePreview, type CandidateContent } from "./components/candidate-preview";
export { MarkdownView } from "./components/markdown-view";
export { CsvTable } from "./components/csv-table";
export { SandboxedHtml } from "./components/sandboxed-html";
