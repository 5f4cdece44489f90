import { describe, expect, it } from "vitest";
import {
  allVisibleSucceeded,
  isNotificationMobile,
  notificationDialogTitle,
  notificationTitle,
  proactiveCandidate,
  shouldShowCard,
  type NotificationItem,
} from "./notification.ts";

const item = (id: string, status: NotificationItem["status"], skip = false): NotificationItem => ({
  id,
  type: "webpage",
  title: id,
  sourceLabel: "Link",
  status,
  skipNotification: skip,
});

describe("notificationTitle", () => {
  it.each<[string, NotificationItem[], boolean, string]>([
    ["first session", [item("a", "in_progress")], true, "Preparing your memory wall"],
    ["one adding", [item("a", "in_progress")], false, "Adding 1 memory to the wall"],
    [
      "three adding",
      [item("a", "in_progress"), item("b", "in_progress"), item("c", "in_progress")],
      false,
      "Adding 3 memories to the wall",
    ],
    [
      "one of three done",
      [item("a", "success"), item("b", "in_progress"), item("c", "in_progress")],
      false,
      "Added 1 of 3 memories to the wall",
    ],
    [
      "failure counts as finished",
      [item("a", "errored"), item("b", "in_progress")],
      false,
      "Added 0 of 2 memories to the wall",
    ],
    [
      "hidden items do not count",
      [item("a", "success"), item("b", "in_progress", true)],
      false,
      "Added 1 of 1 memories to the wall",
    ],
  ])("%s", (_name, items, first, title) => {
    expect(notificationTitle(items, first)).toBe(title);
  });

  it("dialog title counts successes", () => {
    expect(notificationDialogTitle([item("a", "success"), item("b", "errored"), item("c", "success")])).toBe(
      "Added 2 of 3 memories",
    );
  });
});

describe("allVisibleSucceeded", () => {
  it.each<[NotificationItem[], boolean]>([
    [[], false],
    [[item("a", "success")], true],
    [[item("a", "success"), item("b", "in_progress")], false],
    [[item("a", "success"), item("b", "errored")], false],
    [[item("a", "success"), item("b", "in_progress", true)], true],
  ])("%#", (items, expected) => {
    expect(allVisibleSucceeded(items)).toBe(expected);
  });
});

describe("shouldShowCard", () => {
  const items = [item("a", "in_progress")];
  it.each<[NotificationItem[], boolean, boolean | undefined, boolean]>([
    [items, true, true, true],
    // Details not submitted (still in first-run): no card (spec 2 §2).
    [items, true, undefined, false],
    [items, true, false, false],
    [items, false, true, false],
    [[], true, true, false],
  ])("%#", (list, checking, submitUserDetails, expected) => {
    expect(shouldShowCard({ items: list, checking, submitUserDetails })).toBe(expected);
  });
});

describe("mobile rule and proactive memory", () => {
  it("870 px or less is mobile", () => {
    expect(isNotificationMobile(870)).toBe(true);
    expect(isNotificationMobile(871)).toBe(false);
  });

  it("fetches a proactive memory only for exactly one successful item", () => {
    expect(proactiveCandidate([item("a", "success")])).toBe("a");
    expect(proactiveCandidate([item("a", "in_progress")])).toBeUndefined();
    expect(proactiveCandidate([item("a", "success"), item("b", "success")])).toBeUndefined();
  });
});
