import { sql, type SQL } from "drizzle-orm";
import { textArray } from "../../platform/db/sql.ts";

/**
 * The ONLY SQL that decides who may read or write a memory or a collection. Every query that
 * narrows rows to what a viewer may see composes these fragments; a guard test
 * (`access-sql.guard.test.ts`) fails when the rule is written again anywhere else.
 *
 * The rule (spec 2 §5): the creator of a collection is its admin; a grant bound to the viewer's
 * account gives its role (read < write < admin). A grant is made to an e-mail address and binds
 * to an account only on proof of that address (verified e-mail or invitation link, issue 12).
 * A memory is readable by its owner and by anyone who can read a collection holding it.
 * A collection shared with an organisation (issue 20) gives its role (read or write) to every
 * current member of that organisation; the stronger of that and a personal grant counts.
 */

/** Who asks: the signed-in user's id and lower-case e-mail. */
export type Viewer = { id: string; email: string };

/** Table aliases the fragments may be bound to (an identifier, never user input). */
type Alias = "co" | "s" | "c";

const col = (alias: Alias, column: string) => sql.raw(`${alias}.${column}`);

/** SQL: the organisation shares of collection `id` that reach the viewer (one row per share). */
function orgSharesOf(v: Viewer, id: SQL, roles?: "writers"): SQL {
  const only = roles === "writers" ? sql` AND os.role = 'write'` : sql``;
  return sql`SELECT os.role FROM collection_org_share os JOIN member om ON om.organization_id = os.organization_id
    WHERE os.collection_id = ${id} AND om.user_id = ${v.id}${only}`;
}

/** Condition on collection alias `alias`: the viewer owns it or holds any grant on it. */
export function readableCollectionCondition(v: Viewer, alias: Alias = "co"): SQL {
  return sql`(${col(alias, "owner_id")} = ${v.id} OR EXISTS (SELECT 1 FROM collection_member cm
    WHERE cm.collection_id = ${col(alias, "id")} AND cm.user_id = ${v.id})
    OR EXISTS (${orgSharesOf(v, col(alias, "id"))}))`;
}

/** SQL: ids of the collections the viewer can read (owned, or a grant bound to the viewer). */
export function readableCollectionIdsSql(v: Viewer): SQL {
  return sql`SELECT co.id FROM collection co WHERE ${readableCollectionCondition(v)}`;
}

/** SQL: ids of the collections the viewer may add memories to (owner, or an admin/write grant). */
export function writableCollectionIdsSql(v: Viewer): SQL {
  return sql`SELECT co.id FROM collection co WHERE co.owner_id = ${v.id} OR EXISTS (SELECT 1 FROM collection_member cm
    WHERE cm.collection_id = co.id AND cm.user_id = ${v.id} AND cm.role IN ('admin','write'))
    OR EXISTS (${orgSharesOf(v, sql.raw("co.id"), "writers")})`;
}

/** SQL value: the viewer's role on collection alias `co` ('admin' for its creator), NULL for none. */
export function collectionRoleSql(v: Viewer): SQL {
  return sql`CASE WHEN co.owner_id = ${v.id} THEN 'admin' ELSE (SELECT r.role FROM (
    SELECT cm.role FROM collection_member cm WHERE cm.collection_id = co.id AND cm.user_id = ${v.id}
    UNION ALL ${orgSharesOf(v, sql.raw("co.id"))}) r
    ORDER BY CASE r.role WHEN 'admin' THEN 3 WHEN 'write' THEN 2 ELSE 1 END DESC LIMIT 1) END`;
}

/** SQL value: the e-mails holding a write or admin grant on collection alias `co`, sorted. */
export function collectionWriterEmailsSql(): SQL {
  return sql`(SELECT array_agg(cm.email ORDER BY cm.email) FROM collection_member cm
    WHERE cm.collection_id = co.id AND cm.role IN ('admin','write'))`;
}

/**
 * SQL: ids of the memories the viewer can read through collections — only those of `within`
 * (one collection id or a list) when given, else of every readable collection. Own memories are
 * not included: see `readableSourceCondition`.
 */
export function sharedSourceIdsSql(v: Viewer, within?: string | readonly string[]): SQL {
  const only =
    within === undefined
      ? sql``
      : typeof within === "string"
        ? sql` AND cs.collection_id = ${within}`
        : sql` AND cs.collection_id = ANY(${textArray(within)})`;
  return sql`SELECT cs.source_id FROM collection_source cs
    WHERE cs.collection_id IN (${readableCollectionIdsSql(v)})${only}`;
}

/** Condition on a memory (alias `s` of source, or `c` of chunk): own, or in a readable collection. */
export function readableSourceCondition(v: Viewer, alias: "s" | "c"): SQL {
  const id = alias === "s" ? col("s", "id") : col("c", "source_id");
  return sql`(${col(alias, "owner_id")} = ${v.id} OR ${id} IN (${sharedSourceIdsSql(v)}))`;
}

/**
 * The same rule as `readableSourceCondition` on chunk alias `c`, for scans the scope alone drives
 * (no other index narrows them, e.g. the dense scan): the shared ids are computed once (an
 * InitPlan) and compared with `= ANY`, so both arms can use an index (`chunk_owner_idx`,
 * `chunk_source_ord_idx`) instead of a per-row subplan over every chunk.
 */
export function readableChunkCondition(v: Viewer): SQL {
  return sql`(c.owner_id = ${v.id} OR c.source_id = ANY(ARRAY(${sharedSourceIdsSql(v)})))`;
}

/** Condition on chunk alias `c`: memories of others the viewer reads through collections. */
export function sharedChunkCondition(v: Viewer): SQL {
  return sql`(c.owner_id <> ${v.id} AND c.source_id = ANY(ARRAY(${sharedSourceIdsSql(v)})))`;
}

/**
 * Condition on chunk alias `c`: the viewer's own memories written by a sync of the viewer's
 * current connected accounts of `apps` (app search and apps in chat). Connected accounts are
 * never shared, so only the owner's rows count.
 */
export function appChunkCondition(v: Viewer, apps: readonly string[]): SQL {
  return sql`(c.owner_id = ${v.id} AND c.source_id = ANY(ARRAY(SELECT s.id FROM source s
    JOIN connected_account ca ON ca.id = s.connected_account_id
    WHERE s.owner_id = ${v.id} AND ca.owner_id = ${v.id} AND ca.app = ANY(${textArray(apps)}))))`;
}
