import type { NotificationItem, NotificationStatus } from "../logic/notification";
import type { UploadItem } from "./upload-store";

const sourceLabels: Record<string, string> = { webpage: "Link", file: "File", image: "Image", page: "Page" };

function notificationStatus(item: UploadItem): NotificationStatus {
  if (item.status === "success") return "success";
  if (item.status === "errored" || item.status === "blocked") return "errored";
  return "in_progress";
}

/** The card's view of the upload items registered with it. */
export function toNotificationItems(items: readonly UploadItem[]): (NotificationItem & { key: string })[] {
  return items
    .filter((i) => i.notify)
    .map((i) => ({
      key: i.key,
      id: i.serverId ?? i.key,
      type: i.serverType,
      title: i.title,
      sourceLabel: sourceLabels[i.serverType] ?? i.serverType,
      status: notificationStatus(i),
    }));
}
