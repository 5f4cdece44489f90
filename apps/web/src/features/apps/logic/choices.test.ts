import { describe, expect, it } from "vitest";
import { choicePayload, filterChoices, initialChoice, toggleChoice } from "./choices";

const items = [
  { id: "C1", name: "#general", detail: "Channel", chosen: true },
  { id: "C2", name: "#design", detail: "Private channel", chosen: false },
];

describe("sync choices", () => {
  it("starts from the server's choice and sends null while everything is chosen", () => {
    const s = initialChoice({ chosen_all: true, items });
    expect(s.all).toBe(true);
    expect(choicePayload(s)).toBeNull();
  });

  it("picking one item switches to exactly the picked ones; none picked cannot be saved", () => {
    const s = toggleChoice(initialChoice({ chosen_all: false, items }), "C2");
    expect(choicePayload(s)).toEqual(["C1", "C2"]);
    expect(choicePayload(toggleChoice(toggleChoice(s, "C1"), "C2"))).toBeUndefined();
  });

  it("filters by name or detail", () => {
    expect(filterChoices(items, "priv").map((i) => i.id)).toEqual(["C2"]);
    expect(filterChoices(items, "  ")).toHaveLength(2);
  });
});
