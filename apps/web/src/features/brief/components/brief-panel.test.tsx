// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import type { Brief, BriefResponse } from "@mnemo/contracts";
import { renderScreen, scriptServer } from "@/test/render";
import { BriefPanel } from "./brief-panel";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const url = "GET /api/collection/c1/brief";
const anchor = { chunk_id: "m1:0", start: 0, end: 60, heading: "", quote: "The bridge opened in 1890." };
const brief: Brief = {
  collection_id: "c1",
  computed_at: new Date().toISOString(),
  memories: 2,
  sentences: 4,
  points: [
    { text: "The bridge opened in 1890.", memory_id: "m1", memory_title: "Bridges", anchor, new: false },
    { text: "Ferries crossed before.", memory_id: "m2", memory_title: "Ferries", anchor, new: true },
  ],
  terms: [{ term: "railway", memories: 2 }],
  timeline: [
    {
      text: "The bridge opened in 1890.",
      memory_id: "m1",
      memory_title: "Bridges",
      anchor,
      date: "1890",
      date_text: "1890",
    },
  ],
  new_since: {
    since: new Date(Date.now() - 3600_000).toISOString(),
    memories: [{ id: "m2", title: "Ferries", added_at: new Date().toISOString() }],
  },
};

describe("BriefPanel", () => {
  it("shows the background job's progress, then the brief once it is ready", async () => {
    let r: BriefResponse = {
      status: "building",
      progress: { done: 50, total: 200 },
      brief: null,
      error: null,
    };
    scriptServer({ [url]: () => ({ body: r }) });
    renderScreen(<BriefPanel collectionId="c1" />);
    expect(await screen.findByText(/Reading every memory… 50 of 200/)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Brief progress" }).getAttribute("aria-valuenow")).toBe(
      "25",
    );
    r = { status: "ready", progress: null, brief, error: null };
    expect(await screen.findByText("Ferries crossed before.", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("New since you last looked")).toBeTruthy();
    expect(screen.getByRole("list", { name: "New memories" }).textContent).toContain("Ferries");
    expect(screen.getByRole("list", { name: "Timeline" }).textContent).toContain("1890");
    expect(screen.getAllByRole("button", { name: "Open Bridges at this passage" })).toHaveLength(2);
  });

  it("says when it could not be made, and tries again", async () => {
    let r: BriefResponse = {
      status: "failed",
      progress: null,
      brief: null,
      error: "The brief could not be made.",
    };
    const calls = scriptServer({ [url]: () => ({ body: r }) });
    renderScreen(<BriefPanel collectionId="c1" />);
    expect((await screen.findByRole("alert")).textContent).toContain("The brief could not be made.");
    r = {
      status: "ready",
      progress: null,
      brief: { ...brief, points: [], timeline: [], memories: 0 },
      error: null,
    };
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No memories to brief yet")).toBeTruthy();
    expect(calls.filter((c) => c.key === url).length).toBe(2);
  });
});
