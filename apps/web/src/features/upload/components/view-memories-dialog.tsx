import { uploadMessages } from "@mnemo/contracts";
import { InfoDialog } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { notificationDialogTitle, visibleItems, type NotificationItem } from "../logic/notification";

const statusClass = {
  in_progress: "text-muted-foreground",
  success: "text-emerald-700 dark:text-emerald-400",
  errored: "text-destructive",
} as const;

/** 'Added X of N memories': title, type, source label and status per item, and Close. */
export function ViewMemoriesDialog({
  items,
  open,
  onOpenChange,
}: {
  items: NotificationItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const visible = visibleItems(items);
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={notificationDialogTitle(items)}
      description="The memories being added and their status."
      hideDescription
      closeLabel={uploadMessages.close}
      className="max-w-xl"
    >
      <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-md border">
        {visible.map((item) => (
          <li
            key={item.id}
            className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 px-3 py-2 text-sm"
          >
            <span className="truncate font-medium" title={item.title}>
              {item.title}
            </span>
            <span className={cn("text-xs font-medium", statusClass[item.status])}>
              {uploadMessages.statusLabels[item.status]}
            </span>
            <span className="text-xs text-muted-foreground">
              {item.type} · {item.sourceLabel}
            </span>
          </li>
        ))}
      </ul>
    </InfoDialog>
  );
}
