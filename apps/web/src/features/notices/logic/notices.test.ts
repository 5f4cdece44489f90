import { describe, expect, it } from "vitest";
import type { Announcement } from "@mnemo/contracts";
import { compareVersions, desktopVersionToFetch } from "./desktop-bridge";
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

describe("desktop versions", () => {
  it("orders dotted versions by number, a pre-release below its release", () => {
    expect(compareVersions("1.10.0", "1.9.3")).toBeGreaterThan(0);
    expect(compareVersions("2.0", "2.0.0")).toBe(0);
    expect(compareVersions("2.0.0-beta.1", "2.0.0")).toBeLessThan(0);
    expect(compareVersions("1.2.3", "1.2.4")).toBeLessThan(0);
  });

  it("names the feed's version only when it is newer than the shell's, and the shell says its own", () => {
    const feed = { desktop_app: { version: "2.1.0" } };
    expect(desktopVersionToFetch(feed, "2.0.9")).toBe("2.1.0");
    expect(desktopVersionToFetch(feed, "2.1.0")).toBeNull();
    expect(desktopVersionToFetch(feed, "3.0.0")).toBeNull();
    expect(desktopVersionToFetch(feed, undefined)).toBeNull();
    expect(desktopVersionToFetch({ desktop_app: null }, "1.0.0")).toBeNull();
  });
});
