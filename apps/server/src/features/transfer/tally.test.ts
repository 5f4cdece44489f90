import { describe, expect, it } from "vitest";
import { collectionMessages } from "@mnemo/contracts";
import { item, type PlannedCollection } from "./parse/types.ts";
import { judgeItems, startTally, type CollectionsState } from "./tally.ts";

const folder = (name: string, declared = false): PlannedCollection => ({
  key: name.toLowerCase(),
  name,
  description: "",
  instructions: "",
  ...(declared ? { declared } : {}),
});
const link = (title: string, folderName: string | null) =>
  item({
    ref: title,
    kind: "link",
    title,
    url: `https://example.com/${title}`,
    collections: folderName ? [folderName.toLowerCase()] : [],
  });
const state = (slots: number | null, names: string[] = []): CollectionsState => ({
  byName: new Map(names.map((n) => [n.toLowerCase(), `id-${n}`])),
  slots,
  refusal: "limit",
});

describe("import tally (issue 41)", () => {
  it("a folder whose items are all duplicates takes no collection slot", () => {
    const t = startTally([folder("Reading"), folder("Coffee")], state(1), 0);
    const items = [link("a", "Reading"), link("b", "Coffee")];
    const judged = judgeItems(t, items, ["h-a", "h-b"], new Set(["h-a"]), () => true);
    expect(judged.map((j) => j.outcome)).toEqual(["duplicate", "create"]);
    expect(t.decided.get("reading")).toBeUndefined();
    expect(t.decided.get("coffee")).toBe("create");
    expect(t.counts).toMatchObject({ links: 1, collections: 1 });
    expect(t.errors).toEqual([]);
  });

  it("past the plan's count each item of a new folder gets a note; existing names and declared ones are decided first", () => {
    const t = startTally([folder("Shelf", true), folder("Work"), folder("Coffee")], state(1, ["work"]), 2);
    expect(t.decided.get("shelf")).toBe("create");
    const judged = judgeItems(
      t,
      [link("a", "Coffee"), link("b", "Coffee"), link("c", "Work"), link("a", null)],
      ["h-a", "h-b", "h-c", "h-a"],
      new Set(),
      () => true,
    );
    expect(judged.map((j) => j.outcome)).toEqual(["create", "create", "create", "duplicate"]);
    expect(judged[2]).toMatchObject({ collections: ["work"] });
    const note = collectionMessages.importedWithoutCollection({ name: "Coffee", reason: "limit" });
    expect(t.errors).toEqual([
      { item: "a", message: note, note: true },
      { item: "b", message: note, note: true },
    ]);
    expect(t).toMatchObject({ duplicates: 1, failed: 0, counts: { links: 3, collections: 1, chats: 2 } });
  });
});
