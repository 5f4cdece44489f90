import { describe, expect, it } from "vitest";
import { formatUidSet, parseUidSet } from "./uid-set.ts";

describe("IMAP UID sets", () => {
  it.each([
    [[], ""],
    [[7], "7"],
    [[1, 2, 3, 7, 9, 10, 11, 12], "1:3,7,9:12"],
    [[12, 3, 2, 1, 3], "1:3,12"],
  ])("formats %j as %j and reads it back", (uids, set) => {
    expect(formatUidSet(uids)).toBe(set);
    expect(parseUidSet(set)).toEqual([...new Set(uids)].sort((a, b) => a - b));
  });

  it("ignores malformed parts and reversed ranges read as ranges", () => {
    expect(parseUidSet("5:3,x,0,8:*,9")).toEqual([3, 4, 5, 9]);
  });

  it("stops at the bound instead of expanding a huge range", () => {
    expect(parseUidSet("1:4294967295", 10)).toHaveLength(10);
  });
});
