import { describe, expect, it } from "vitest";
import { planName } from "./plan-names";

describe("planName", () => {
  it.each([
    ["free", "Free"],
    ["pro", "Pro"],
    ["team", "Team"],
    ["ltd_tier_1", "Lifetime Tier 1"],
    ["ltd_tier_5", "Lifetime Tier 5"],
  ])("%s reads %s", (id, name) => expect(planName(id)).toBe(name));
});
