import { describe, expect, it } from "vitest";
import { grade, isDue, newSchedule } from "./schedule.ts";

describe("review schedule (FSRS)", () => {
  const t0 = new Date("2026-01-01T09:00:00Z");

  it("a new card is due at once; Good moves it out, Again keeps it close", () => {
    const s = newSchedule(t0);
    expect(isDue(s, t0)).toBe(true);
    const good = grade(s, "good", t0);
    expect(isDue(good.schedule, t0)).toBe(false);
    expect(good.schedule.reps).toBe(1);
    expect(good.log).toMatchObject({ grade: "good", reviewedAt: t0.toISOString() });
    const again = grade(s, "again", t0);
    expect(Date.parse(again.schedule.due)).toBeLessThan(Date.parse(good.schedule.due));
  });

  it("intervals grow with repeated Good and Easy beats Good", () => {
    let s = newSchedule(t0);
    let now = t0;
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = grade(s, "good", now).schedule;
      gaps.push(Date.parse(s.due) - now.getTime());
      now = new Date(s.due);
    }
    expect(gaps[3]).toBeGreaterThan(gaps[1]);
    const easy = grade(newSchedule(t0), "easy", t0).schedule;
    const good = grade(newSchedule(t0), "good", t0).schedule;
    expect(Date.parse(easy.due)).toBeGreaterThan(Date.parse(good.due));
  });

  it("a stored schedule round-trips through JSON (export and import keep it)", () => {
    const s = grade(newSchedule(t0), "good", t0).schedule;
    const back = JSON.parse(JSON.stringify(s)) as typeof s;
    const later = new Date(s.due);
    expect(grade(back, "good", later)).toEqual(grade(s, "good", later));
  });
});
