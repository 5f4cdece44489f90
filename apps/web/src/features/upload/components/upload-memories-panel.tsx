import { useRef, useState, type DragEvent } from "react";
import { useNavigate } from "react-router";
import { FileUpIcon, LinkIcon, MicIcon, NotebookPenIcon, PlugIcon, type LucideIcon } from "lucide-react";
import {
  fileMessages,
  isPlanId,
  supportedUploadExtensions,
  uploadMessages,
  uploadSizeLimitMb,
} from "@mnemo/contracts";
import { ExistingMemoriesPicker } from "@/features/collections";
import { PageEditorDialog } from "@/features/pages";
import { useMe } from "@/features/users";
import { cn } from "@/lib/utils";
import { getUserStats, planName } from "@/features/plans";
import { refuseOverDailyUploads } from "../logic/daily-uploads";
import { dropHasFolder, validateFilePick } from "../logic/file-pick";
import { addFiles, addLinks, addSavedPage } from "../state/upload-actions";
import { closeUploadDialog, useUploadState } from "../state/upload-store";
import { usePickMessages } from "../hooks/use-pick-messages";
import { AddLinksDialog } from "./add-links-dialog";

const [addLinksLabel, uploadFilesLabel, recordLabel, takeNotesLabel, integrationsLabel] =
  uploadMessages.tiles;
const accept = supportedUploadExtensions.map((e) => `.${e}`).join(",");

function Tile({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick?: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-20 flex-col items-start gap-2 rounded-lg border bg-card p-3 text-left text-sm font-medium transition-colors outline-none hover:border-primary/60 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      <Icon className="size-5" aria-hidden />
      <span>{label}</span>
    </button>
  );
}

/**
 * Upload Memories panel (spec 2 §2): Add Links, Upload Files, Record Meetings, Take Notes and
 * Integrations ('App Integrations' outside a collection). Files may also be dropped on it.
 */
export function UploadMemoriesPanel({ collectionId }: { collectionId?: string }) {
  // Connected apps bring memories in by syncing; the tile opens where they are connected.
  const navigate = useNavigate();
  const { data: me } = useMe();
  const items = useUploadState((s) => s.items);
  const [linksOpen, setLinksOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [recordOpen, setRecordOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const messages = usePickMessages();
  const limitMb = uploadSizeLimitMb(me && isPlanId(me.plan) ? me.plan : "free");

  const pick = async (list: File[]) => {
    const listed = items
      .filter((i) => i.inDialog && i.kind === "file")
      .map((i) => ({ name: i.title, size: i.size ?? 0, type: "" }));
    const result = validateFilePick(list, { existing: listed, limitMb });
    if (result.accepted.length) {
      const refusal = await refuseOverQuota(result.accepted.length);
      if (refusal) {
        messages.show({ errors: [...result.errors, refusal], warnings: result.warnings });
        return;
      }
    }
    messages.show(result);
    if (result.accepted.length) addFiles(result.accepted, collectionId);
  };

  // Today's uploads left, read fresh, less the files already on their way (counted when confirmed).
  const refuseOverQuota = async (picked: number): Promise<string | null> => {
    const stats = await getUserStats().catch(() => undefined);
    const daily = stats?.daily?.file_upload;
    if (!stats || !daily) return null;
    const onTheirWay = items.filter(
      (i) => i.kind === "file" && (i.status === "idle" || i.status === "uploading"),
    ).length;
    return refuseOverDailyUploads(picked, {
      left: daily.remaining === null ? null : daily.remaining - onTheirWay,
      limit: daily.limit,
      plan: planName(stats.plan),
    });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (dropHasFolder(Array.from(e.dataTransfer.items ?? []))) {
      messages.show({ errors: [fileMessages.folderUploads], warnings: [] });
      return;
    }
    void pick(Array.from(e.dataTransfer.files));
  };

  const existingLinks = items.filter((i) => i.link).map((i) => i.link as string);

  return (
    <div
      className={cn(
        "flex flex-col gap-3 rounded-xl",
        dragging && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Tile label={addLinksLabel} icon={LinkIcon} onClick={() => setLinksOpen(true)} />
        <Tile label={uploadFilesLabel} icon={FileUpIcon} onClick={() => fileInput.current?.click()} />
        <Tile label={takeNotesLabel} icon={NotebookPenIcon} onClick={() => setNotesOpen(true)} />
        <Tile label={recordLabel} icon={MicIcon} onClick={() => setRecordOpen(true)} />
        <Tile
          label={collectionId ? integrationsLabel : uploadMessages.appIntegrationsTile}
          icon={PlugIcon}
          onClick={() => {
            closeUploadDialog();
            navigate("/settings#integrations");
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Or drop files here. PDF, Word, PowerPoint, Excel, CSV, text, Markdown, HTML, images and audio
        recordings.
      </p>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={accept}
        className="hidden"
        data-testid="upload-file-input"
        onChange={(e) => {
          void pick(Array.from(e.target.files ?? []));
          e.target.value = "";
        }}
      />
      {(messages.errors.length > 0 || messages.warnings.length > 0) && (
        <div className="flex flex-col gap-1" aria-live="polite">
          {messages.errors.map((m, i) => (
            <p key={`e${i}`} role="alert" className="text-sm text-destructive">
              {m}
            </p>
          ))}
          {messages.warnings.map((m, i) => (
            <p key={`w${i}`} className="text-sm text-amber-700 dark:text-amber-400">
              {m}
            </p>
          ))}
        </div>
      )}
      {collectionId && <ExistingMemoriesPicker collectionId={collectionId} />}
      <AddLinksDialog
        open={linksOpen}
        onOpenChange={setLinksOpen}
        existingLinks={existingLinks}
        onDone={(links) => void addLinks(links, collectionId)}
      />
      {recordOpen && (
        <PageEditorDialog
          open={recordOpen}
          onOpenChange={setRecordOpen}
          collectionId={collectionId}
          onSaved={addSavedPage}
          recordOnOpen
        />
      )}
      {notesOpen && (
        <PageEditorDialog
          open={notesOpen}
          onOpenChange={setNotesOpen}
          collectionId={collectionId}
          onSaved={addSavedPage}
        />
      )}
    </div>
  );
}
