import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryPrepared, queryRows, type Database, type Db } from "./client.ts";
import { openTestDatabase, testDatabases } from "../../test/harness.ts";

for (const kind of testDatabases()) {
  describe(`queryPrepared on ${kind}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ database, cleanup } = await openTestDatabase(kind));
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it("answers each call with its own values, past the switch to a generic plan, and prepares a text once", async () => {
      const statement = (word: string, n: number) =>
        sql`SELECT ${word}::text || '!' AS said, ${n}::int * 2 AS twice, (SELECT count(*) FROM unnest(to_tsvector('english', ${word}))) AS lexemes`;
      // One connection throughout (a transaction), so its prepared statements can be listed.
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 12; i++) {
          const word = i % 2 ? `running${i}` : "the";
          const [row] = await queryPrepared<{ said: string; twice: number; lexemes: number }>(
            tx as unknown as Db,
            statement(word, i),
          );
          expect(row).toEqual({ said: `${word}!`, twice: 2 * i, lexemes: i % 2 ? 1 : 0 });
        }
        if (kind === "postgres") {
          const rows = await queryRows<{ name: string; generic_plans: number; custom_plans: number }>(
            tx as unknown as Db,
            sql`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'mnemo_%'`,
          );
          // Parsed once for the text, whatever the values; planned generically after five calls.
          expect(rows).toHaveLength(1);
          expect(Number(rows[0].custom_plans) + Number(rows[0].generic_plans)).toBe(12);
        }
      });
    });
  });
}
