// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { NoticeBanners } from "./notice-banners";

/**
 * Update banner, desktop half (spec 3 §4): shown when the desktop shell reports a downloaded
 * update; Install now quits and installs through the shell instead of reloading the page.
 */
type Listener = (info: { version?: string }) => void;
let listeners: Listener[] = [];
const quitAndInstall = vi.fn();

beforeEach(() => {
  localStorage.setItem("mnemo.token", "tok");
  listeners = [];
  scriptServer({
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
    (window as { mnemoDesktop?: unknown }).mnemoDesktop = {
      onUpdateDownloaded: (l: Listener) => {
        listeners.push(l);
        return () => (listeners = listeners.filter((x) => x !== l));
      },
      quitAndInstall,
    };
    renderScreen(<NoticeBanners />);
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: "Install now" })).toBeNull();
    expect(listeners).toHaveLength(1);
    act(() => listeners.forEach((l) => l({ version: "2.1.0" })));
    fireEvent.click(await screen.findByRole("button", { name: "Install now" }));
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it("shows nothing in a browser, where no desktop shell reports updates", async () => {
    renderScreen(<NoticeBanners />);
    await act(async () => undefined);
    expect(screen.queryByTestId("update-banner")).toBeNull();
  });
});
