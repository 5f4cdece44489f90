import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter";

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("createLimiter", () => {
  it("runs at most two tasks at once and starts the next when one settles, in order", async () => {
    const run = createLimiter(2);
    const started: number[] = [];
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const done = gates.map((g, i) => run(() => (started.push(i), g.promise)).catch(() => "failed"));
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1].reject(new Error("no browser"));
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(done)).toEqual([undefined, "failed", undefined, undefined]);
  });
});
