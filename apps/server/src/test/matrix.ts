/**
 * TEST ONLY: one row of an authorization matrix called as one actor, the way every matrix calls
 * it — on a fresh fixture when the row changes state (each actor its own), signed as the actor
 * (`as` absent: anonymous), with the row's body (an empty one for a write without one).
 */
import type { TestMnemo, TestUser } from "./harness.ts";

export type MatrixRow<F, A> = {
  method: string;
  url: (f: F) => string;
  body?: (f: F, actor: A) => unknown;
  mutates?: boolean;
};

export async function callRow<F, A>(
  m: TestMnemo,
  row: MatrixRow<F, A>,
  actor: A,
  as: TestUser | undefined,
  fixtures: { shared: F; fresh: () => Promise<F>; snapshot: (f: F) => Promise<string> },
) {
  const f = row.mutates ? await fixtures.fresh() : fixtures.shared;
  const before = row.mutates ? await fixtures.snapshot(f) : "";
  const res = await m.request(row.method, row.url(f), {
    as,
    json: row.body ? row.body(f, actor) : row.method === "GET" ? undefined : {},
  });
  return {
    f,
    status: res.status,
    text: await res.text(),
    /** The call was refused, yet the fixture changed. */
    refusedYetChanged: async () =>
      !!row.mutates && res.status >= 400 && (await fixtures.snapshot(f)) !== before,
  };
}
