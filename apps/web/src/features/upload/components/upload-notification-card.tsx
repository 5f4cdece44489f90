import { useMemo, useState } from "react";
import { CheckCircle2Icon, Loader2Icon } from "lucide-react";
import { constants, uploadMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { useMe } from "@/features/users";
import { cn } from "@/lib/utils";
import { useAfterSuccess } from "../hooks/use-after-success";
import { useNotificationMobile } from "@/hooks/use-media-query";
import { notificationTitle, shouldShowCard, visibleItems } from "../logic/notification";
import { toNotificationItems } from "../state/notification-items";
import { uploadStore, useUploadState } from "../state/upload-store";
import { ViewMemoriesDialog } from "./view-memories-dialog";

const readFirstSession = () =>
  typeof sessionStorage !== "undefined" &&
  sessionStorage.getItem(constants.indexing.firstSessionFlag) !== null;

/**
 * Upload notification card (spec 2 §2, §4): floats bottom right (full width at 870 px or less)
 * while registered items are indexing, with a 'View memories' dialog.
 */
export function UploadNotificationCard() {
  const storeItems = useUploadState((s) => s.items);
  const checking = useUploadState((s) => s.checking);
  const detailsOpen = useUploadState((s) => s.detailsOpen);
  const { data: me } = useMe();
  const mobile = useNotificationMobile();
  const items = useMemo(() => toNotificationItems(storeItems), [storeItems]);
  const [firstSession] = useState(readFirstSession);
  useAfterSuccess(items, detailsOpen);

  if (!shouldShowCard({ items, checking, submitUserDetails: me?.metadata.submitUserDetails })) return null;
  const visible = visibleItems(items);
  const done = visible.filter((i) => i.status !== "in_progress").length;
  const allDone = done === visible.length;
  const stillFirst = firstSession && readFirstSession();
  return (
    <>
      <section
        aria-label="Upload notifications"
        data-mobile={mobile || undefined}
        className={cn(
          "fixed z-40 flex flex-col gap-2 rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg",
          mobile ? "inset-x-2 bottom-2" : "right-6 bottom-6 w-80",
        )}
      >
        <div className="flex items-start gap-2">
          {allDone ? (
            <CheckCircle2Icon
              className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              aria-hidden
            />
          ) : (
            <Loader2Icon className="mt-0.5 size-4 shrink-0 animate-spin text-primary" aria-hidden />
          )}
          <p className="text-sm font-medium" aria-live="polite">
            {notificationTitle(items, stillFirst)}
          </p>
        </div>
        <div className="h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-500"
            style={{ width: `${visible.length ? (done / visible.length) * 100 : 0}%` }}
          />
        </div>
        <Button
          variant="link"
          size="sm"
          className="self-start px-0"
          onClick={() => uploadStore.set({ detailsOpen: true })}
        >
          {uploadMessages.viewMemories}
        </Button>
      </section>
      <ViewMemoriesDialog
        items={items}
        open={detailsOpen}
        onOpenChange={(o) => uploadStore.set({ detailsOpen: o })}
      />
    </>
  );
}
