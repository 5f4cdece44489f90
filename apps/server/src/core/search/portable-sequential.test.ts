import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Db } from "../../platform/db/client.ts";
import { source, user } from "../../platform/db/schema/index.ts";
import { openTestDatabase, testDatabases } from "../../test/harness.ts";
import { analysedColumns, buildSearchText } from "./indexer.ts";
import {
  candidateMatches,
  chunkTableShape,
  portableBackendOf,
  SCAN_BUDGET,
  sequentialPages,
} from "./portable.ts";
import { prepareSearch } from "./setup.ts";
import type { QueryTerm } from "./stage.ts";
import type { SearchScope } from "./types.ts";

/**
 * The portable first stage reads the candidates of a query whose terms fill most of the table in
 * table order (a TID range scan of the first pages) instead of building the GIN bitmap. It must
 * choose exactly the chunks the GIN scan chooses (the first SCAN_BUDGET matches in table order),
 * on every database, also when its estimate is wrong and the GIN scan supplies the rest.
 */
const OWNER = "seq-owner";
const OTHER = "seq-other";
const scope: SearchScope = { actorId: OWNER, actorEmail: "owner@example.invalid" };

/** Chunk `i` of the owner: who holds which words, and a length and word counts that vary. */
function ownerText(i: number): string {
  const words = [`filler${i % 13}`, `pad${i % 7}`, `pad${i % 5}`];
  words.push(...Array.from({ length: 1 + (i % 4) }, () => "alpha"), "beta");
  if (i < 5_000) words.push(...Array.from({ length: 1 + (i % 3) }, () => "gamma"));
  if (i >= 2_500) words.push("delta");
  return words.join(" ");
}

async function insertChunks(db: Db, owner: string, from: number, count: number, text: (i: number) => string) {
  for (let start = from; start < from + count; start += 500) {
    const n = Math.min(500, from + count - start);
    const sid = `${owner}-s${start}`;
    await db.insert(source).values({ id: sid, ownerId: owner, type: "file", title: "" });
    const rows = Array.from({ length: n }, (_, k) => {
      const body = text(start + k);
      const cols = analysedColumns(buildSearchText("", "", body), "en");
      return sql`(${`${owner}-c${start + k}`}, ${sid}, ${owner}, ${k}::int, ${body}, ${cols.searchText}, ${cols.tsv})`;
    });
    await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, search_text, tsv, language, tokens)
      SELECT v.id, v.sid, v.oid, v.ord, '', v.text, v.st, v.tsv, 'en',
        (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv))
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, sid, oid, ord, text, st, tsv)`);
  }
}

async function termsOf(db: Db, words: string[]): Promise<QueryTerm[]> {
  const rows = await queryRows<{ term: string; df: number }>(
    db,
    sql`SELECT term, df FROM search_term_df WHERE term = ANY(${sql`ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]`})`,
  );
  return rows.map((r) => ({ term: r.term, weight: 1, df: Number(r.df) }));
}

for (const kind of testDatabases()) {
  describe(`portable first stage read in table order, on ${kind}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let db: Db;

    beforeAll(async () => {
      ({ database, cleanup } = await openTestDatabase(kind));
      db = database.db;
      await prepareSearch(database);
      await db.insert(user).values([
        { id: OWNER, name: "Owner", email: "owner@example.invalid" },
        { id: OTHER, name: "Other", email: "other@example.invalid" },
      ]);
      // Another user's chunks come first in the table and hold every query word.
      await insertChunks(db, OTHER, 0, 600, (i) => `alpha beta gamma delta other${i % 11}`);
      await insertChunks(db, OWNER, 0, 8_000, ownerText);
      await db.execute(sql`ANALYZE chunk`);
    }, 240_000);

    afterAll(async () => {
      await cleanup?.();
    });

    /** Every first-stage candidate (n = SCAN_BUDGET), by id, with its score. */
    async function candidates(sequential: boolean, words: string) {
      const stage = await portableBackendOf({ sequential }).first(
        db,
        scope,
        { text: words, configs: ["english"] },
        SCAN_BUDGET,
        false,
      );
      return stage.rows.map((r) => [r.id, Number(r.score.toFixed(9))] as const).sort();
    }

    it.each([
      ["dense words: the first pages hold the whole budget", "alpha beta"],
      ["words meeting late in the table: the GIN scan supplies what the first pages lack", "gamma delta"],
    ])("%s", async (_name, words) => {
      const shape = await chunkTableShape(db);
      expect(shape.shares.get(OWNER)).toBeGreaterThan(0.9);
      const terms = await termsOf(db, words.split(" "));
      const pages = sequentialPages(candidateMatches(terms), 8_600, shape.shares.get(OWNER)!, shape);
      expect(pages).not.toBeNull();
      const seq = await candidates(true, words);
      const gin = await candidates(false, words);
      expect(seq).toHaveLength(SCAN_BUDGET);
      expect(seq.every(([id]) => id.startsWith(`${OWNER}-`))).toBe(true);
      expect(seq).toEqual(gin);
    });
  });
}
