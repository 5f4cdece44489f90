// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReviewCard, ReviewDue } from "@mnemo/contracts";
import { renderScreen, scriptServer } from "@/test/render";
import { ReviewPage } from "./review-page";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const now = new Date().toISOString();
const card = (id: string, front: string, back: string): ReviewCard => ({
  id,
  memory_id: "m1",
  memory_title: "Lighthouses",
  front,
  back,
  sentence: front.replace("_____", back),
  kind: "number",
  language: "en",
  anchor: { chunk_id: "m1:0", start: 0, end: 100, heading: "", quote: front.replace("_____", back) },
  due: now,
  state: 0,
  reps: 0,
  lapses: 0,
  suspended: false,
  last_review: null,
  created_at: now,
  updated_at: now,
});
const a = card("c1", "The tower stands _____ metres above the sea.", "37");
const b = card("c2", "The lighthouse was first lit in _____.", "1698");
const dueUrl = "GET /api/review/due?limit=20";

describe("Review screen", () => {
  it("shows one card; Space reveals, 3 grades it Good and the next card comes", async () => {
    let due: ReviewDue = { due_count: 2, cards: [a, b], total: 2, next_due_at: null };
    const calls = scriptServer({
      [dueUrl]: () => ({ body: due }),
      "POST /api/review/grade": () => {
        due = {
          due_count: 1,
          cards: [b],
          total: 2,
          next_due_at: new Date(Date.now() + 600_000).toISOString(),
        };
        return { body: { card: { ...a, reps: 1, state: 1 }, due_count: 1 } };
      },
    });
    renderScreen(<ReviewPage />);
    expect(await screen.findByText(a.front)).toBeTruthy();
    expect(screen.getByTestId("review-due-count").textContent).toBe("2 cards due");
    expect(screen.queryByText("37")).toBeNull();
    // 3 before the answer shows grades nothing.
    fireEvent.keyDown(window, { key: "3" });
    expect(calls.some((c) => c.key === "POST /api/review/grade")).toBe(false);
    fireEvent.keyDown(window, { key: " " });
    expect(await screen.findByText("37")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Good (key 3)" })).toBeTruthy();
    fireEvent.keyDown(window, { key: "3" });
    expect(await screen.findByText(b.front)).toBeTruthy();
    expect(calls.find((c) => c.key === "POST /api/review/grade")?.body).toEqual({
      card_id: "c1",
      grade: "good",
    });
    await waitFor(() => expect(screen.getByTestId("review-due-count").textContent).toBe("1 card due"));
  });

  it("says nothing is due and how to make cards; when cards exist, when the next is due", async () => {
    scriptServer({ [dueUrl]: { body: { due_count: 0, cards: [], total: 0, next_due_at: null } } });
    renderScreen(<ReviewPage />);
    expect(await screen.findByRole("heading", { name: "Nothing due" })).toBeTruthy();
    expect(screen.getByText(/choose Make review cards/)).toBeTruthy();
    cleanup();
    scriptServer({
      [dueUrl]: {
        body: {
          due_count: 0,
          cards: [],
          total: 3,
          next_due_at: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        },
      },
    });
    renderScreen(<ReviewPage />);
    expect(await screen.findByText("The next card is due in 3 hours.")).toBeTruthy();
  });

  it("says when the cards could not be loaded, with Try again", async () => {
    let fail = true;
    scriptServer({
      [dueUrl]: () =>
        fail
          ? { status: 500, body: { error: "internal", message: "boom" } }
          : { body: { due_count: 1, cards: [a], total: 1, next_due_at: null } },
    });
    renderScreen(<ReviewPage />);
    expect(await screen.findByText("Review cards could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(a.front)).toBeTruthy();
  });

  it("edits a card, suspends one and deletes one", async () => {
    let due: ReviewDue = { due_count: 2, cards: [a, b], total: 2, next_due_at: null };
    const calls = scriptServer({
      [dueUrl]: () => ({ body: due }),
      "PATCH /api/review/cards/c1": (body) => {
        const next = { ...a, ...(body as Partial<ReviewCard>) };
        due = (body as { suspended?: boolean }).suspended
          ? { ...due, due_count: 1, cards: [b] }
          : { ...due, cards: [next, b] };
        return { body: next };
      },
      "DELETE /api/review/cards/c2": () => {
        due = { due_count: 0, cards: [], total: 1, next_due_at: null };
        return { body: { success: true } };
      },
    });
    renderScreen(<ReviewPage />);
    await screen.findByText(a.front);
    fireEvent.click(screen.getByRole("button", { name: "Edit card" }));
    const question = await screen.findByLabelText("Question");
    // Typing in the dialog is not a shortcut: Space stays in the field.
    fireEvent.keyDown(question, { key: " " });
    fireEvent.change(question, { target: { value: "How tall is the tower, in metres?" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("How tall is the tower, in metres?")).toBeTruthy();
    expect(calls.find((c) => c.key === "PATCH /api/review/cards/c1")?.body).toEqual({
      front: "How tall is the tower, in metres?",
      back: "37",
    });
    expect(screen.queryByText("37")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Suspend card" }));
    expect(await screen.findByText(b.front)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete card" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("heading", { name: "Nothing due" })).toBeTruthy();
  });

  it("lists every card; a suspended one is resumed and comes back for review", async () => {
    const suspended = { ...a, suspended: true };
    let due: ReviewDue = { due_count: 0, cards: [], total: 1, next_due_at: null };
    let cards = [suspended];
    const calls = scriptServer({
      [dueUrl]: () => ({ body: due }),
      "GET /api/review/cards": () => ({ body: { cards } }),
      "PATCH /api/review/cards/c1": () => {
        cards = [a];
        due = { due_count: 1, cards: [a], total: 1, next_due_at: null };
        return { body: a };
      },
    });
    renderScreen(<ReviewPage />);
    expect(await screen.findByText("Every card is suspended.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "All cards (1)" }));
    expect(await screen.findByText("Suspended")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `Resume ${a.front}` }));
    expect(await screen.findByTestId("review-front")).toBeTruthy();
    expect(calls.find((c) => c.key === "PATCH /api/review/cards/c1")?.body).toEqual({ suspended: false });
    expect(await screen.findByRole("button", { name: `Suspend ${a.front}` })).toBeTruthy();
  });
});
