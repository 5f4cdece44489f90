// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { collectionMessages } from "@mnemo/contracts";
import { renderScreen, scriptServer } from "@/test/render";
import { CreateCollectionDialog } from "./create-collection-dialog";

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const me = { email: "ada@example.com" };
const existing = {
  collection_id: "c1",
  collection_name: "Research",
  description: "",
  custom_instructions: "",
  document_count: 0,
  read: [],
  write: [],
  admin: ["ada@example.com"],
  top_documents: [],
  creation_time: 1,
  owner_email: "ada@example.com",
  access: "admin",
  policies: {
    add_sources: true,
    remove_sources: true,
    edit_pages: true,
    update: true,
    share: true,
    delete: true,
  },
};
const base = {
  "GET /api/collection": { body: { collections: [existing] } },
  "GET /api/user/me": { body: me },
};

const nameBox = () => screen.getByLabelText("Collection name");
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create" }));

describe("Create new collection modal", () => {
  it("requires a name, refuses an exact duplicate from the list, and clears errors on typing", async () => {
    const calls = scriptServer(base);
    renderScreen(<CreateCollectionDialog open onOpenChange={() => undefined} />);
    create();
    expect(await screen.findByText(collectionMessages.nameRequired)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "R" } });
    expect(screen.queryByText(collectionMessages.nameRequired)).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.key === "GET /api/collection")).toBe(true));
    fireEvent.change(nameBox(), { target: { value: " Research " } });
    create();
    expect(await screen.findByText(collectionMessages.nameExists)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "Research 2" } });
    expect(screen.queryByText(collectionMessages.nameExists)).toBeNull();
    expect(calls.filter((c) => c.key.startsWith("PUT"))).toEqual([]);
  });

  it("shows the server's duplicate answer, its plan limit verbatim, and the spec's failure text", async () => {
    const limit = "You've reached your Free plan's limit of 3 collections.";
    const replies = [
      { status: 409, body: { error: "conflict", message: "x" } },
      { status: 403, body: { error: "plan_limit", message: limit } },
      { status: 500, body: { error: "internal", message: "db down" } },
    ];
    let n = 0;
    scriptServer({ ...base, "PUT /api/collection": () => replies[n++] ?? { status: 500 } });
    renderScreen(<CreateCollectionDialog open onOpenChange={() => undefined} />);
    fireEvent.change(nameBox(), { target: { value: "Other" } });
    create();
    expect(await screen.findByText(collectionMessages.nameExists)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "Other 2" } });
    create();
    expect(await screen.findByText(limit)).toBeTruthy();
    fireEvent.change(nameBox(), { target: { value: "Other 3" } });
    expect(screen.queryByText(limit)).toBeNull();
    create();
    expect(await screen.findByText(collectionMessages.createFailed)).toBeTruthy();
  });

  it("sends the trimmed name and description and reports the new collection", async () => {
    const calls = scriptServer({
      ...base,
      "PUT /api/collection": { status: 201, body: { collection_id: "c2", created: true } },
    });
    const created = vi.fn();
    renderScreen(<CreateCollectionDialog open onOpenChange={() => undefined} onCreated={created} />);
    fireEvent.change(nameBox(), { target: { value: "  Tide pools " } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: "Rock pools" } });
    create();
    await waitFor(() =>
      expect(created).toHaveBeenCalledWith({ collection_id: "c2", collection_name: "Tide pools" }),
    );
    expect(calls.find((c) => c.key === "PUT /api/collection")?.body).toEqual({
      description: "Rock pools",
      collection_name: "Tide pools",
    });
  });
});
