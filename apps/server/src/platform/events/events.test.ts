import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, openTestDatabase, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { createLogger } from "../logger.ts";
import { waitUntil } from "../../test/wait.ts";
import { sseReader } from "../../test/sse.ts";
import { EventBus, type UserEvent } from "./bus.ts";
import { databaseRelay } from "./relay.ts";

describe("server-sent events", () => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await m?.close();
  });

  it("sends the user's own document first, then only that user's events", async () => {
    const ann = await m.buildUser({ name: "Ann Events" });
    const bob = await m.buildUser();
    const res = await m.request("GET", "/api/events", { as: ann });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = sseReader(res);
    // The stream subscribes before it sends the user's document: once that has arrived, events
    // published for the user reach this client.
    expect(await events.next()).toMatchObject({ event: "me", data: { full_name: "Ann Events" } });
    m.ctx.events.publish(bob.id, {
      type: "indexing",
      data: { id: "bobs", type: "file", indexing_status: "success" },
    });
    m.ctx.events.publish(ann.id, {
      type: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
    expect(await events.next()).toMatchObject({
      event: "indexing",
      data: { id: "anns", type: "file", indexing_status: "success" },
    });
    await events.close();
  });

  it("replays what a reconnecting client missed after its Last-Event-ID, then goes on live", async () => {
    const ann = await m.buildUser();
    const indexing = (id: string) =>
      ({ type: "indexing", data: { id, type: "page", indexing_status: "success" } }) as const;
    const first = sseReader(await m.request("GET", "/api/events", { as: ann }));
    expect(await first.next()).toMatchObject({ event: "me" });
    await m.ctx.events.publish(ann.id, indexing("seen"));
    const seen = await first.next();
    expect(seen).toMatchObject({ event: "indexing", data: { id: "seen" } });
    expect(seen?.id).toMatch(/^\d+$/);
    await first.close();
    // While the client is away, two memories finish.
    await m.ctx.events.publish(ann.id, indexing("missed-1"));
    await m.ctx.events.publish(ann.id, indexing("missed-2"));
    const again = sseReader(
      await m.request("GET", "/api/events", { as: ann, headers: { "last-event-id": seen!.id! } }),
    );
    expect(await again.next()).toMatchObject({ event: "me" });
    expect((await again.next())?.data).toMatchObject({ id: "missed-1" });
    expect((await again.next())?.data).toMatchObject({ id: "missed-2" });
    await m.ctx.events.publish(ann.id, indexing("live"));
    expect((await again.next())?.data).toMatchObject({ id: "live" });
    await again.close();
    // Another user's missed events are never replayed to Ann; an announcement reaches everyone.
    const bob = await m.buildUser();
    await m.ctx.events.publish(bob.id, indexing("bobs"));
    const third = sseReader(
      await m.request("GET", "/api/events", { as: ann, headers: { "last-event-id": seen!.id! } }),
    );
    const ids: unknown[] = [];
    for (let i = 0; i < 4; i++) ids.push(((await third.next())?.data as { id?: string }).id);
    expect(ids).toEqual([ann.id, "missed-1", "missed-2", "live"]);
    m.ctx.events.publishToEveryone({ type: "announcement", data: { uid: "a1", show: true } });
    expect(await third.next()).toEqual({ event: "announcement", data: { uid: "a1", show: true } });
    await third.close();
  });

  it("holds its streams on the embedded database's LISTEN/NOTIFY, like on PostgreSQL", async () => {
    const ann = await m.buildUser();
    const stream = sseReader(await m.request("GET", "/api/events", { as: ann }));
    expect(await stream.next()).toMatchObject({ event: "me" });
    // Another bus on the same PGlite instance (another origin) publishes through pg_notify only:
    // the server's stream hears it only by listening on the database.
    const other = new EventBus(databaseRelay(m.ctx.database, createLogger("silent")));
    try {
      await other.publish(ann.id, {
        type: "indexing",
        data: { id: "via-notify", type: "file", indexing_status: "success" },
      });
      expect(await stream.next()).toMatchObject({ event: "indexing", data: { id: "via-notify" } });
    } finally {
      await other.close();
      await stream.close();
    }
  });
});

// Several buses on one database: a worker publishes, the API holding the stream delivers (the
// scale-out test, scale-out.test.ts, runs this across real processes on PostgreSQL). The same bus
// code runs on both databases; on PGlite the buses share the embedded instance.
describe.each(testDatabases())("events across buses (%s)", (kind) => {
  it("delivers an event published by another bus once, to that user's subscribers only", async () => {
    const { database, cleanup } = await openTestDatabase(kind);
    const log = createLogger("silent");
    const api = new EventBus(databaseRelay(database, log));
    const worker = new EventBus(databaseRelay(database, log));
    try {
      const seen: UserEvent[] = [];
      const others: UserEvent[] = [];
      api.subscribe("ann", (e) => seen.push(e));
      api.subscribe("bob", (e) => others.push(e));
      await api.ready();
      const done = {
        type: "indexing",
        data: { id: "m1", type: "file", indexing_status: "success" },
      } as const;
      worker.publish("ann", done);
      await waitUntil("the event to cross over", () => seen.length > 0);
      // A second event proves ordering and that the first was not delivered twice.
      worker.publish("ann", { ...done, data: { ...done.data, id: "m2" } });
      await waitUntil("the second event", () => seen.length > 1);
      expect(seen.map((e) => (e.data as { id: string }).id)).toEqual(["m1", "m2"]);
      expect(others).toEqual([]);
      // The publishing process delivers its own events locally, not again through the database.
      const own: UserEvent[] = [];
      api.subscribe("cy", (e) => own.push(e));
      api.publish("cy", done);
      worker.publish("ann", { ...done, data: { ...done.data, id: "m3" } });
      await waitUntil("a later event", () => seen.length > 2);
      expect(own).toHaveLength(1);
      if (kind !== "postgres") return;

      // The listening connection is dropped (a database restart, an admin): the relay listens again.
      const listeners = await database.pool!.query<{ ok: boolean }>(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query like 'LISTEN %'",
      );
      expect(listeners.rows.length).toBe(1);
      const before = seen.length;
      await waitUntil(
        "events to flow again after the connection was dropped",
        () => {
          worker.publish("ann", { ...done, data: { ...done.data, id: "after-drop" } });
          return seen.length > before;
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
    } finally {
      await api.close();
      await worker.close();
      await cleanup();
    }
  });
});
