import {
  FileIcon,
  FileTextIcon,
  ImageIcon,
  LinkIcon,
  Loader2Icon,
  CheckCircle2Icon,
  AlertCircleIcon,
  XIcon,
} from "lucide-react";
import { uploadMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { removeItem } from "../state/upload-actions";
import type { UploadItem, UploadItemStatus } from "../state/upload-store";
import { UploadProgressBar } from "./progress-bar";

const statusLabel: Record<UploadItemStatus, string> = {
  idle: "Waiting",
  uploading: "Uploading",
  indexing: "Indexing",
  success: "Added",
  errored: "Failed",
  blocked: "Failed",
};

function KindIcon({ item }: { item: UploadItem }) {
  const Icon =
    item.kind === "link"
      ? LinkIcon
      : item.kind === "page"
        ? FileTextIcon
        : item.serverType === "image"
          ? ImageIcon
          : FileIcon;
  return <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />;
}

function StatusBadge({ status, awaitingSave }: { status: UploadItemStatus; awaitingSave: boolean }) {
  const failed = status === "errored" || status === "blocked";
  // Before Save Memories a shared row on the server is ready, not yet added to the wall.
  const ready = awaitingSave && (status === "indexing" || status === "success");
  const Icon = failed ? AlertCircleIcon : status === "success" || ready ? CheckCircle2Icon : Loader2Icon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs",
        failed
          ? "text-destructive"
          : status === "success" && !ready
            ? "text-emerald-600 dark:text-emerald-400"
            : "text-muted-foreground",
      )}
    >
      <Icon
        className={cn("size-3.5", !failed && status !== "success" && !ready && "animate-spin")}
        aria-hidden
      />
      {ready ? uploadMessages.readyToSave : statusLabel[status]}
    </span>
  );
}

/**
 * Upload progress list: one row per item with a bar, status, inline warning/error and remove.
 * `awaitingSave` (the share-target dialog): rows wait for Save Memories, so one already on the
 * server reads 'Ready to save' rather than 'Indexing' or 'Added'.
 */
export function UploadList({ items, awaitingSave = false }: { items: UploadItem[]; awaitingSave?: boolean }) {
  if (items.length === 0) return null;
  return (
    <section aria-label="Upload list" className="flex flex-col gap-2">
      <p className="text-xs font-medium text-muted-foreground">
        {items.length} {items.length === 1 ? "memory" : "memories"}
      </p>
      <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto pr-1">
        {items.map((item) => (
          <li
            key={item.key}
            data-status={item.status}
            className="flex flex-col gap-1.5 rounded-lg border bg-card px-3 py-2"
          >
            <div className="flex min-w-0 items-center gap-2">
              <KindIcon item={item} />
              <span className="min-w-0 flex-1 truncate text-sm" title={item.title}>
                {item.title}
              </span>
              <StatusBadge status={item.status} awaitingSave={awaitingSave} />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${item.title}`}
                onClick={() => removeItem(item.key)}
              >
                <XIcon />
              </Button>
            </div>
            <UploadProgressBar status={item.status} label={item.title} />
            {item.note && <p className="truncate text-xs text-muted-foreground">Note: {item.note}</p>}
            {item.error && (
              <p role="alert" className="text-xs text-destructive">
                {item.error}
              </p>
            )}
            {item.warning && <p className="text-xs text-amber-700 dark:text-amber-400">{item.warning}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
