import { describe, expect, it } from "vitest";
import { lsnValue, replicaFailure } from "./replicas.ts";

describe("WAL positions", () => {
  it("compare as PostgreSQL orders them, across the high word", () => {
    expect(lsnValue("0/3016038") > lsnValue("0/30160A0")).toBe(false);
    expect(lsnValue("1/0") > lsnValue("0/FFFFFFFF")).toBe(true);
    expect(lsnValue("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
  });
});

describe("which errors are the replica's", () => {
  const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

  it("retries a lost or refused connection on the primary and leaves the replica out", () => {
    expect(
      replicaFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    ).toEqual({
      retry: true,
      down: true,
    });
    expect(replicaFailure(new Error("Connection terminated unexpectedly"))).toEqual({
      retry: true,
      down: true,
    });
    // A standby that crashed or is shutting down (57P02, 57P01), wrapped as Drizzle wraps it.
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: pgError("57P02") });
    expect(replicaFailure(wrapped)).toEqual({ retry: true, down: true });
    expect(replicaFailure(pgError("57P01"))).toEqual({ retry: true, down: true });
  });

  it("retries a query cancelled by recovery on the primary but keeps the replica", () => {
    expect(replicaFailure(pgError("40001", "canceling statement due to conflict with recovery"))).toEqual({
      retry: true,
      down: false,
    });
  });

  it("lets the query's own errors through", () => {
    expect(replicaFailure(pgError("42P01", 'relation "nope" does not exist'))).toEqual({
      retry: false,
      down: false,
    });
    expect(replicaFailure(Object.assign(new Error("No such memory."), { code: "not_found" }))).toEqual({
      retry: false,
      down: false,
    });
  });
});
