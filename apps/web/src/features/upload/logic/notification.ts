import { breakpoints } from "@mnemo/contracts/constants";
import { uploadMessages } from "@mnemo/contracts";

export type NotificationStatus = "in_progress" | "success" | "errored";

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  /** Source label shown in the details dialog (Link, File, Image, Page). */
  sourceLabel: string;
  status: NotificationStatus;
  /** Items that do not appear on the card (still tracked). */
  skipNotification?: boolean;
}

/** Items that count on the card. */
export function visibleItems(items: readonly NotificationItem[]): NotificationItem[] {
  return items.filter((i) => !i.skipNotification);
}

/**
 * Card title (spec 2 §2): 'Preparing your memory wall' on a first session; 'Adding N memory/memories
 * to the wall' while nothing has finished; 'Added X of N memories to the wall' once any has.
 */
export function notificationTitle(items: readonly NotificationItem[], isFirstSession: boolean): string {
  if (isFirstSession) return uploadMessages.notificationFirstSession;
  const visible = visibleItems(items);
  const total = visible.length;
  const done = visible.filter((i) => i.status === "success").length;
  const finished = visible.some((i) => i.status !== "in_progress");
  return finished
    ? uploadMessages.notificationAdded({ done, total })
    : uploadMessages.notificationAdding({ n: total });
}

/** Title of the 'View memories' dialog: 'Added X of N memories'. */
export function notificationDialogTitle(items: readonly NotificationItem[]): string {
  const visible = visibleItems(items);
  return uploadMessages.notificationDialogTitle({
    done: visible.filter((i) => i.status === "success").length,
    total: visible.length,
  });
}

export function allVisibleSucceeded(items: readonly NotificationItem[]): boolean {
  const visible = visibleItems(items);
  return visible.length > 0 && visible.every((i) => i.status === "success");
}

/**
 * The card shows only if items exist, checking is on and the user submitted their details
 * (submitUserDetails, set when onboarding finishes; accounts older than onboarding have it).
 */
export function shouldShowCard(p: {
  items: readonly NotificationItem[];
  checking: boolean;
  submitUserDetails: boolean | undefined;
}): boolean {
  return visibleItems(p.items).length > 0 && p.checking && p.submitUserDetails === true;
}

/** 870 px or less counts as mobile for the card. */
export function isNotificationMobile(widthPx: number): boolean {
  return widthPx <= breakpoints.notificationMobileMaxPx;
}

/** Spec 2 §4: a proactive-memory fetch happens once when exactly one checked item is success. */
export function proactiveCandidate(items: readonly NotificationItem[]): string | undefined {
  return items.length === 1 && items[0].status === "success" ? items[0].id : undefined;
}
