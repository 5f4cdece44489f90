/** Public pieces of the capture feature, for the shell, the wall and collections. */
export { AddMemoryDialog } from "./components/add-memory-dialog";
export { UploadMemoriesPanel } from "./components/upload-memories-panel";
export { UploadList } from "./components/upload-list";
export { UploadNotificationCard } from "./components/upload-notification-card";
export { openUploadDialog, closeUploadDialog, useUploadState } from "./state/upload-store";
export { uploadFile } from "./api/upload-file";
export { isSupportedFile } from "./logic/file-pick";
export { getPresignedUrl } from "./api/get-presigned-url";
export { confirmUpload } from "./api/confirm-upload";
export { nameToBase64 } from "./logic/file-pick";
export {
  addFiles,
  addLinks,
  addSamples,
  addSharedText,
  endUploadSession,
  restoreUploadRows,
  saveMemories,
  type RestoredMemory,
  type SampleUpload,
} from "./state/upload-actions";
export { applyIndexingEvent } from "./state/indexing-tracker";
