import { uploadMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { saveMemories, skipUploads } from "../state/upload-actions";
import { closeUploadDialog, useUploadState } from "../state/upload-store";
import { UploadList } from "./upload-list";
import { UploadMemoriesPanel } from "./upload-memories-panel";

/**
 * The add-memory dialog: the Upload Memories panel, the upload list, 'Save Memories' and Skip.
 * Open it from anywhere with `openUploadDialog()`; mounted once in the app shell.
 */
export function AddMemoryDialog() {
  const open = useUploadState((s) => s.dialogOpen);
  const collectionId = useUploadState((s) => s.collectionId);
  const items = useUploadState((s) => s.items);
  const listed = items.filter((i) => i.inDialog);
  const shared = useUploadState((s) => s.shared);
  // A share is saved once its uploads have reached the server (spec 3 §4 Shared link).
  const uploading = shared && listed.some((i) => i.status === "idle" || i.status === "uploading");
  const canSave = !uploading && listed.some((i) => i.status !== "errored" && i.status !== "blocked");
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : closeUploadDialog())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl grid-cols-1 overflow-x-hidden overflow-y-auto [&>*]:min-w-0">
        <DialogHeader>
          <DialogTitle>{uploadMessages.uploadModalTitle}</DialogTitle>
          <DialogDescription>
            Save links, files and notes as memories. They become searchable once indexed.
          </DialogDescription>
        </DialogHeader>
        <UploadMemoriesPanel collectionId={collectionId} />
        <UploadList items={listed} awaitingSave={!!shared} />
        {uploading && (
          <p className="text-sm text-muted-foreground" role="status">
            {uploadMessages.uploadInProgress}
          </p>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={skipUploads}>
            {uploadMessages.skip}
          </Button>
          <Button onClick={saveMemories} disabled={!canSave}>
            {uploadMessages.saveMemories}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
