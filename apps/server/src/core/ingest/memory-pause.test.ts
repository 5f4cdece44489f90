import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadMessages } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { uploadText, waitIndexed, type Status } from "./test/helpers.ts";

describe.each(testDatabases())("heavy jobs paused by the memory guard (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => m?.close());

  it("keeps a new memory waiting with the reason in its indexing status, then indexes it once resumed", async () => {
    await m.ctx.queue.pauseHeavy();
    const id = await uploadText(
      m,
      alice,
      "paused.md",
      "# Paused\n\nWritten while the server was short of memory.",
    );
    const res = await m.request("POST", "/api/upload/verify_indexing", {
      as: alice,
      json: [{ id, type: "file" }],
    });
    const [waiting] = (await res.json()) as Status[];
    expect(waiting).toMatchObject({
      id,
      indexing_status: "in_progress",
      warning: uploadMessages.indexingPausedForMemory,
    });

    await m.ctx.queue.resumeHeavy();
    const [done] = await waitIndexed(m, alice, [{ id, type: "file" }]);
    expect(done.indexing_status).toBe("success");
    expect(done.warning ?? null).toBeNull();
  });
});
