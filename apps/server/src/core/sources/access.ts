import { sql } from "drizzle-orm";
import type { AccessType } from "@mnemo/contracts";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import { AppError, notFound } from "../../platform/lib/errors.ts";
import * as sources from "./repo.ts";
import { canOnSource, type SourceAccessFacts, type SourceAction } from "../access/source-policy.ts";
import { collectionRoleSql, type Viewer } from "../access/sql.ts";

/** The viewer's facts on each memory among `ids`: ownership and roles through collections. */
export async function sourceAccessFacts(
  db: Db,
  v: Viewer,
  ids: readonly string[],
): Promise<Map<string, SourceAccessFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; is_owner: boolean; type: string; roles: AccessType[] | null }>(
    db,
    sql`SELECT s.id, s.owner_id = ${v.id} AS is_owner, s.type,
          (SELECT array_agg(r.role) FROM (SELECT ${collectionRoleSql(v)} AS role
             FROM collection_source cs JOIN collection co ON co.id = cs.collection_id
            WHERE cs.source_id = s.id) r WHERE r.role IS NOT NULL) AS roles
        FROM source s WHERE s.id = ANY(${textArray(ids)})`,
  );
  return new Map(
    rows.map((r) => [r.id, { isOwner: r.is_owner, type: r.type, collectionRoles: r.roles ?? [] }]),
  );
}

/**
 * Loads a memory the actor may act on: 404 when the actor cannot even read it (never reveals
 * another user's memory), 403 when they can read but not do `action`.
 */
export async function authorizeSource(db: Db, actor: Viewer, id: string, action: SourceAction) {
  const [row] = await sources.sourcesByIds(db, [id]);
  if (!row) throw notFound("Memory not found.");
  const facts = (await sourceAccessFacts(db, actor, [id])).get(id)!;
  if (!canOnSource(facts, "read")) throw notFound("Memory not found.");
  if (!canOnSource(facts, action))
    throw new AppError("forbidden", "You do not have permission to change this memory.");
  return { row, canEdit: canOnSource(facts, "edit") };
}

/**
 * Whether the user (by id) may still read the memory now: checked on each download of a signed
 * file URL, so a URL handed out before the user's access was revoked stops working.
 */
export async function userMayReadSource(db: Db, userId: string, sourceId: string): Promise<boolean> {
  const [u] = await queryRows<{ email: string }>(db, sql`SELECT email FROM "user" WHERE id = ${userId}`);
  if (!u) return false;
  return (await readableSourceIds(db, { id: userId, email: u.email.toLowerCase() }, [sourceId])).length > 0;
}

/** The memories among `ids` the actor may read, in the order given. */
export async function readableSourceIds(db: Db, actor: Viewer, ids: readonly string[]): Promise<string[]> {
  const facts = await sourceAccessFacts(db, actor, ids);
  return ids.filter((id) => {
    const f = facts.get(id);
    return f !== undefined && canOnSource(f, "read");
  });
}
