import { describe, expect, it } from "vitest";
import type { Announcement } from "@mnemo/contracts";
import { announcementToShow, isNewerBuild } from "./notices";

const a = (uid: string, show = true): Announcement => ({
  uid,
  show,
  type: "alert",
  message: uid,
  requiredVersion: null,
  created_at: "2026-11-24T00:00:00.000Z",
});

describe("announcements (spec 3 §3)", () => {
  it("shows the newest one the user has not closed", () => {
    expect(announcementToShow([a("b"), a("a")], undefined)?.uid).toBe("b");
    expect(announcementToShow([a("b"), a("a")], "b")?.uid).toBe("a");
    expect(announcementToShow([a("b", false)], undefined)).toBeNull();
    expect(announcementToShow([], "x")).toBeNull();
  });
});

describe("update banner", () => {
  it.each([
    [null, "b1", false],
    ["", "b1", false],
    ["b1", "b1", false],
    ["b2", "b1", true],
  ])("served %s running %s → %s", (served, running, expected) =>
    expect(isNewerBuild(served, running)).toBe(expected),
  );
});
