import { describe, expect, it } from "vitest";
import { collectionMessages, type AddSourcesResponse } from "@mnemo/contracts";
import { ApiError } from "@/lib/api-error";
import { addInBatches, addOutcomeToasts, inBatches } from "./batch";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i + 1}`);

describe("inBatches", () => {
  it.each([
    [0, []],
    [1, [1]],
    [10, [10]],
    [11, [10, 1]],
    [25, [10, 10, 5]],
  ])("%i memories go in batches of %o", (n, sizes) => {
    const batches = inBatches(ids(n));
    expect(batches.map((b) => b.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(ids(n));
  });
});

describe("addInBatches", () => {
  it("sends one call per 10 memories and sums what was added and what was already there", async () => {
    const calls: string[][] = [];
    const outcome = await addInBatches(ids(23), async (batch): Promise<AddSourcesResponse> => {
      calls.push(batch);
      const dup = batch.filter((id) => id === "m2");
      return {
        result: "success",
        added: batch.filter((id) => id !== "m2"),
        duplicates: dup,
        document_count: 0,
      };
    });
    expect(calls.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(outcome.added).toHaveLength(22);
    expect(outcome.duplicates).toEqual(["m2"]);
    expect(outcome.error).toBeNull();
  });

  it("stops at the first failing batch", async () => {
    let n = 0;
    const outcome = await addInBatches(ids(30), async (batch) => {
      n += 1;
      if (n === 2) throw new ApiError(500, "internal", "boom");
      return { result: "success", added: batch, duplicates: [], document_count: 0 };
    });
    expect(n).toBe(2);
    expect(outcome.added).toHaveLength(10);
    expect(outcome.error).toBeInstanceOf(ApiError);
  });

  it("sends a memory once even when listed twice", async () => {
    const sent: string[] = [];
    await addInBatches(["a", "b", "a"], async (b) => {
      sent.push(...b);
      return { result: "success", added: b, duplicates: [], document_count: 0 };
    });
    expect(sent).toEqual(["a", "b"]);
  });
});

describe("addOutcomeToasts", () => {
  it("counts one memory and many the spec's way", () => {
    expect(addOutcomeToasts({ added: ["a"], duplicates: [], error: null }, "Research")).toEqual([
      { kind: "success", message: "1 memory has been added to Research collection." },
    ]);
    expect(addOutcomeToasts({ added: ids(12), duplicates: [], error: null }, "Research")).toEqual([
      { kind: "success", message: "12 memories have been added to Research collection." },
    ]);
  });
  it("says the memory already exists when nothing new was added", () => {
    expect(addOutcomeToasts({ added: [], duplicates: ["a"], error: null }, "X")).toEqual([
      { kind: "error", message: collectionMessages.duplicateInCollection },
    ]);
  });
  it("shows a plan limit in the server's words and any other failure as the spec's failure", () => {
    const limit = new ApiError(
      403,
      "plan_limit",
      "You've reached the Free plan's limit of 3 collections. To add more memories, please reduce your collections to 3 or upgrade your account.",
    );
    expect(addOutcomeToasts({ added: [], duplicates: [], error: limit }, "X")).toEqual([
      { kind: "error", message: limit.message },
    ]);
    expect(
      addOutcomeToasts({ added: [], duplicates: [], error: new ApiError(500, "internal", "db down") }, "X"),
    ).toEqual([{ kind: "error", message: collectionMessages.addFailed }]);
  });
  it("reports both the added part and the failure of a later batch", () => {
    const t = addOutcomeToasts({ added: ids(10), duplicates: [], error: new Error("network") }, "X");
    expect(t.map((x) => x.message)).toEqual([
      "10 memories have been added to X collection.",
      collectionMessages.addFailed,
    ]);
  });
});
