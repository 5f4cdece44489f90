/**
 * `npm run bench -- collections [--db pglite|postgres] [--memories 1000] [--collections 200] [--write] [--smoke]`
 *
 * In-process (Hono `app.request`, real auth, real database: embedded PGlite in a temp dir, or a
 * fresh PostgreSQL database on TEST_DATABASE_URL) it measures:
 *  - adding `memories` memories to one collection through POST /api/collection/add_sources in
 *    batches of 10, as the web app sends them (p50/p95 per batch request);
 *  - GET /api/collection for a user who sees `collections` collections (each with memories,
 *    members and top documents), p50/p95 over 50 calls.
 * `--write` appends the figures to docs/benchmarks.md. Last line: key=value pairs. `--smoke`: 50
 * memories, 10 collections, 5 listing calls.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../apps/server/src/platform/config.ts";
import { startMnemo } from "../../apps/server/src/app/bootstrap.ts";
import { createLogger } from "../../apps/server/src/platform/logger.ts";
import {
  collection,
  collectionMember,
  collectionSource,
  source,
  userProfile,
} from "../../apps/server/src/platform/db/schema/index.ts";
import { openScratchDatabase } from "../../apps/server/src/test/harness.ts";
import { percentile } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";

const ms = (n: number) => Math.round(n * 10) / 10;

export async function run(argv: string[]) {
  const { smoke, rest } = smokeArgs(argv);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: "pglite" },
      memories: { type: "string", default: smoke ? "50" : "1000" },
      collections: { type: "string", default: smoke ? "10" : "200" },
      write: { type: "boolean", default: false },
    },
  });
  if (smoke && values.write) throw new Error("--smoke figures are not results: no --write");
  const nMemories = Number(values.memories);
  const nCollections = Number(values.collections);
  const listCalls = smoke ? 5 : 50;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-collections-"));
  const { database, cleanup } = await openScratchDatabase(values.db!, path.join(dir, "pglite"));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
  });
  const mnemo = await startMnemo({ config, database, log: createLogger("silent") });
  const db = database.db;
  const call = async (method: string, url: string, token: string, json?: unknown) => {
    const res = await mnemo.app.request(url, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  };
  const signUp = async (name: string) => {
    const email = `${name}-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const res = await mnemo.app.request("/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, email, password: "bench-password-123" }),
    });
    const body = (await res.json()) as { token: string; user: { id: string } };
    await db
      .update(userProfile)
      .set({ plan: "team", skipTrial: true })
      .where(eq(userProfile.userId, body.user.id));
    return { id: body.user.id, email, token: body.token };
  };

  try {
    // 1. Adding memories in batches of 10.
    const owner = await signUp("owner");
    const ids = Array.from({ length: nMemories }, () => crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 500) {
      await db.insert(source).values(
        ids.slice(i, i + 500).map((id, k) => ({
          id,
          ownerId: owner.id,
          type: "webpage",
          title: `Memory ${i + k}`,
          status: "success",
        })),
      );
    }
    const { collection_id } = (await call("PUT", "/api/collection", owner.token, {
      collection_name: "Bench",
    })) as { collection_id: string };
    const addTimes: number[] = [];
    for (let i = 0; i < ids.length; i += 10) {
      const t = performance.now();
      await call("POST", `/api/collection/add_sources?collection_id=${collection_id}`, owner.token, {
        documents: ids.slice(i, i + 10),
      });
      addTimes.push(performance.now() - t);
    }
    const final = (await call("GET", `/api/collection/${collection_id}`, owner.token)) as {
      document_count: number;
    };
    if (final.document_count !== nMemories)
      throw new Error(`expected ${nMemories} memories, got ${final.document_count}`);

    // 2. Listing: a viewer who owns half the collections and is a member of the other half.
    const viewer = await signUp("viewer");
    const other = await signUp("other");
    const rows = Array.from({ length: nCollections }, (_, i) => ({
      id: crypto.randomUUID(),
      ownerId: i % 2 ? viewer.id : other.id,
      name: `Collection ${i}`,
      description: "A collection for the listing benchmark",
    }));
    await db.insert(collection).values(rows);
    // Two grants per collection to addresses without an account: pending invitations.
    await db.insert(collectionMember).values(
      rows.flatMap((r, i) => [
        { collectionId: r.id, email: `member-${i}@example.com`, role: "read" },
        { collectionId: r.id, email: `editor-${i}@example.com`, role: "write" },
      ]),
    );
    // The viewer's grants go through the app as a user's do: a grant by e-mail reaches an account
    // only once claimed (collections/invitations.ts), so `other` shares, and the viewer claims the
    // invitation link (no SMTP here: the share answers the link).
    for (const [i, r] of rows.entries()) {
      if (r.ownerId !== other.id) continue;
      const shared = (await call("POST", `/api/collection/${r.id}/share`, other.token, {
        recipient_email_ids: [viewer.email],
        type_of_access: i % 3 ? "read" : "write",
      })) as { invitations: { email: string; invitation_url: string }[] };
      const link = shared.invitations.find((inv) => inv.email === viewer.email);
      if (!link) throw new Error(`sharing ${r.id} gave no invitation link for ${viewer.email}`);
      const token = new URL(link.invitation_url).searchParams.get("invitation")!;
      await call("POST", "/api/collection/invitation/claim", viewer.token, { token });
    }
    // Every collection holds 5 of the owner's memories (1,000 memberships for 200 collections).
    await db
      .insert(collectionSource)
      .values(
        rows.flatMap((r, i) =>
          ids
            .slice((i * 5) % nMemories, ((i * 5) % nMemories) + 5)
            .map((sourceId) => ({ collectionId: r.id, sourceId, addedBy: owner.id })),
        ),
      );
    const listTimes: number[] = [];
    for (let i = 0; i < listCalls + 5; i++) {
      const t = performance.now();
      const body = (await call("GET", "/api/collection", viewer.token)) as { collections: unknown[] };
      if (i >= 5) listTimes.push(performance.now() - t); // first 5 warm up
      if (body.collections.length !== nCollections) throw new Error(`listed ${body.collections.length}`);
    }

    const f = {
      db: values.db,
      add_batches: addTimes.length,
      add_p50_ms: ms(percentile(addTimes, 50)),
      add_p95_ms: ms(percentile(addTimes, 95)),
      list_collections: nCollections,
      list_p50_ms: ms(percentile(listTimes, 50)),
      list_p95_ms: ms(percentile(listTimes, 95)),
      load1: Math.round(os.loadavg()[0] * 10) / 10,
    };
    console.log(
      `add ${nMemories} memories in ${addTimes.length} batches of 10: p50 ${f.add_p50_ms} ms, p95 ${f.add_p95_ms} ms (target p95 < 100 ms)`,
    );
    console.log(
      `list ${nCollections} collections (${listCalls} calls): p50 ${f.list_p50_ms} ms, p95 ${f.list_p95_ms} ms (target p95 < 100 ms)`,
    );
    if (values.write) {
      const file = path.join(import.meta.dirname, "..", "..", "docs", "benchmarks.md");
      const head = fs.existsSync(file)
        ? ""
        : "# Benchmarks\n\nFigures from `npm run bench -- <name>`; each run appends its own section.\n";
      const day = new Date().toISOString().slice(0, 10);
      fs.appendFileSync(
        file,
        `${head}\n## collections (${values.db}, ${day}, ${os.cpus().length} cores, load average ${f.load1}, in-process app.request)\n\n` +
          `| measure | p50 ms | p95 ms | target |\n|---|---|---|---|\n` +
          `| add ${nMemories} memories, ${addTimes.length} batches of 10 (POST /api/collection/add_sources) | ${f.add_p50_ms} | ${f.add_p95_ms} | p95 < 100 |\n` +
          `| list ${nCollections} collections with counts, members, top documents (GET /api/collection) | ${f.list_p50_ms} | ${f.list_p95_ms} | p95 < 100 |\n`,
      );
    }
    console.log(
      Object.entries(f)
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    );
  } finally {
    await mnemo.stop();
    await cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
