/** Public pieces of the preview feature, for the wall, collections and app search. */
export { SourcePreviewDialog } from "./components/source-preview-dialog";
export { CandidatePreview, type CandidateContent } from "./components/candidate-preview";
export { MarkdownView } from "./components/markdown-view";
export { CsvTable } from "./components/csv-table";
export { SandboxedHtml } from "./components/sandboxed-html";
export { useRetrySource } from "./hooks/use-retry-source";
export { forgetScreenshots, requestScreenshot, useScreenshotStatus } from "./hooks/use-screenshots";
export { wantsScreenshot } from "./logic/screenshot";
export { PublicMemoryDialog } from "./components/public-memory-dialog";
