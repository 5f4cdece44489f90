import { describe, expect, it } from "vitest";
import { dueText, keyAction, madeText, nextDueText } from "./review";

describe("review screen logic", () => {
  it("Space reveals, then 1–4 grade; nothing while typing or with a modifier", () => {
    expect(keyAction({ key: " " }, false, false)).toEqual({ kind: "reveal" });
    expect(keyAction({ key: "3" }, false, false)).toBeNull();
    expect(keyAction({ key: "3" }, true, false)).toEqual({ kind: "grade", grade: "good" });
    expect(keyAction({ key: "1" }, true, false)).toEqual({ kind: "grade", grade: "again" });
    expect(keyAction({ key: "4" }, true, false)).toEqual({ kind: "grade", grade: "easy" });
    expect(keyAction({ key: " " }, true, false)).toBeNull();
    expect(keyAction({ key: "3" }, true, true)).toBeNull();
    expect(keyAction({ key: "3", ctrlKey: true }, true, false)).toBeNull();
    expect(keyAction({ key: "5" }, true, false)).toBeNull();
  });

  it("says how many cards are due, were made, or why none were", () => {
    expect(dueText(0)).toBe("Nothing due");
    expect(dueText(1)).toBe("1 card due");
    expect(dueText(4)).toBe("4 cards due");
    expect(madeText({ made: 3, existing: 0, cards: [], reason: null })).toBe("Made 3 review cards.");
    expect(madeText({ made: 1, existing: 2, cards: [], reason: null })).toBe(
      "Made 1 review card. 2 were already made.",
    );
    expect(madeText({ made: 0, existing: 3, cards: [], reason: "already_made" })).toMatch(/already made/);
    expect(madeText({ made: 0, existing: 0, cards: [], reason: "no_sentences" })).toMatch(
      /no sentence here states a date, a number, a name or a definition/,
    );
  });

  it("says when the next card is due", () => {
    const now = Date.parse("2026-12-01T10:00:00Z");
    expect(nextDueText(null, now)).toBeNull();
    expect(nextDueText("2026-12-01T10:10:00Z", now)).toBe("The next card is due in 10 minutes.");
    expect(nextDueText("2026-12-01T13:00:00Z", now)).toBe("The next card is due in 3 hours.");
    expect(nextDueText("2026-12-02T10:00:00Z", now)).toBe("The next card is due tomorrow.");
    expect(nextDueText("2026-12-05T10:00:00Z", now)).toBe("The next card is due in 4 days.");
  });
});
