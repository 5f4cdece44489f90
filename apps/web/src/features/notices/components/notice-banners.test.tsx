// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { NoticeBanners } from "./notice-banners";

/**
 * Update banner, desktop half (spec 3 §4): shown when the desktop shell reports a downloaded
 * update; Install now quits and installs through the shell instead of reloading the page. The
 * desktop version to download comes from the `app-metadata/updates` feed (spec 3 §3).
 */
type Listener = (info: { version?: string }) => void;
let listeners: Listener[] = [];
const quitAndInstall = vi.fn();
const downloadUpdate = vi.fn();
let calls: { key: string; body?: unknown }[] = [];
let feedVersion: string | null = "2.1.0";

/** A desktop shell's bridge, running `version` (old shells do not say theirs). */
function installShell(version?: string) {
  (window as { mnemoDesktop?: unknown }).mnemoDesktop = {
    version,
    downloadUpdate,
    onUpdateDownloaded: (l: Listener) => {
      listeners.push(l);
      return () => (listeners = listeners.filter((x) => x !== l));
    },
    quitAndInstall,
  };
}

beforeEach(() => {
  localStorage.setItem("mnemo.token", "tok");
  listeners = [];
  feedVersion = "2.1.0";
  calls = scriptServer({
    "GET /api/user/me": {
      body: {
        id: "u1",
        email: "ada@example.com",
        full_name: "Ada",
        plan: "team",
        is_desktop_app: true,
        metadata: {},
        created_at: "2026-01-01T00:00:00Z",
      },
    },
    "GET /api/announcements": { body: { announcements: [] } },
    "PATCH /api/user/metadata": (body) => ({ body: body as object }),
    "GET /api/app-metadata/updates": () => ({
      body: { desktop_app: feedVersion ? { version: feedVersion } : null },
    }),
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  delete (window as { mnemoDesktop?: unknown }).mnemoDesktop;
  vi.clearAllMocks();
});

describe("update banner in the desktop app", () => {
  it("appears once the desktop shell has downloaded an update; Install now quits and installs", async () => {
    installShell();
    renderScreen(<NoticeBanners />);
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Install now" })).toBeNull();
    expect(listeners).toHaveLength(1);
    act(() => listeners.forEach((l) => l({ version: "2.1.0" })));
    fireEvent.click(await screen.findByRole("button", { name: "Install now" }));
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it("hands the shell the newer version the app-metadata/updates feed names, then offers it", async () => {
    installShell("2.0.4");
    renderScreen(<NoticeBanners />);
    await waitFor(() => expect(downloadUpdate).toHaveBeenCalledWith("2.1.0"));
    expect(calls.filter((c) => c.key === "GET /api/app-metadata/updates")).toHaveLength(1);
    // Downloading is the shell's work: no banner until it says the update is there.
    expect(screen.queryByTestId("update-banner")).toBeNull();
    act(() => listeners.forEach((l) => l({ version: "2.1.0" })));
    fireEvent.click(await screen.findByRole("button", { name: "Install now" }));
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
    expect(downloadUpdate).toHaveBeenCalledTimes(1);
    // The user's document records the desktop app and the version it runs (spec 3 §3).
    const recorded = calls.filter((c) => c.key === "PATCH /api/user/metadata");
    expect(recorded).toHaveLength(1);
    expect((recorded[0] as { body?: unknown }).body).toEqual({
      hasDesktopApp: true,
      desktopAppVersion: "2.0.4",
    });
  });

  it("asks for nothing when the shell is up to date or the feed names no desktop version", async () => {
    installShell("2.1.0");
    const first = renderScreen(<NoticeBanners />);
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/app-metadata/updates")).toBe(true));
    await act(async () => undefined);
    first.unmount();
    feedVersion = null;
    installShell("1.0.0");
    renderScreen(<NoticeBanners />);
    await waitFor(() =>
      expect(calls.filter((c) => c.key === "GET /api/app-metadata/updates")).toHaveLength(2),
    );
    await act(async () => undefined);
    expect(downloadUpdate).not.toHaveBeenCalled();
    expect(screen.queryByTestId("update-banner")).toBeNull();
  });

  it("shows nothing in a browser, where no desktop shell reports updates", async () => {
    renderScreen(<NoticeBanners />);
    await act(async () => undefined);
    expect(screen.queryByTestId("update-banner")).toBeNull();
    // No shell, no reason to read the desktop feed, and nothing recorded of a desktop app.
    expect(calls.some((c) => c.key === "GET /api/app-metadata/updates")).toBe(false);
    expect(calls.some((c) => c.key === "PATCH /api/user/metadata")).toBe(false);
  });
});
