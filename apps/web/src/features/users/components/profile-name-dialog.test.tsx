// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { ProfileNameDialog } from "./profile-name-dialog";

const me = (full_name: string) => ({
  body: {
    id: "u1",
    email: "ada@example.com",
    full_name,
    plan: "free",
    is_desktop_app: false,
    metadata: {},
    created_at: "2026-01-01T00:00:00Z",
  },
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.setItem("mnemo.token", "tok");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe("profile-name prompt", () => {
  it("asks for a name 3 s after load when the account has none, and saves it", async () => {
    const calls = scriptServer({
      "GET /api/user/me": me(""),
      "PUT /api/user/profile": { body: { success: true } },
    });
    renderScreen(<ProfileNameDialog />);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    const dialog = await screen.findByRole("dialog", { name: "What should we call you?" });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Full name is required.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Ada Lovelace" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.find((c) => c.key === "PUT /api/user/profile")?.body).toEqual({ full_name: "Ada Lovelace" });
  });

  it("says so in a toast when saving fails", async () => {
    scriptServer({
      "GET /api/user/me": me(""),
      "PUT /api/user/profile": { status: 500, body: { error: "internal" } },
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderScreen(<ProfileNameDialog />);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    fireEvent.change(await screen.findByLabelText("Full name"), { target: { value: "Ada" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to update username. Please try again.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("never appears for an account that has a name", async () => {
    scriptServer({ "GET /api/user/me": me("Ada Lovelace") });
    renderScreen(<ProfileNameDialog />);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
