import crypto from "node:crypto";
import {
  collectionMessages,
  zCollectionName,
  type AddSourcesResponse,
  type Collection,
  type CollectionSourcesPage,
  type RevokeInput,
  type ShareInput,
  type ShareResponse,
  type UpsertCollectionInput,
} from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import type { Actor } from "../../platform/context.ts";
import { AppError, conflict, notFound, validation } from "../../platform/lib/errors.ts";
import {
  canAddToCollections,
  canCreateCollection,
  collectionLimitFor,
  planLabel,
} from "../../core/plans/limits.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import { loadCollectionFacts, requireCollectionAccess } from "./access.ts";
import { authorize, collectionNotFound, roleOf } from "../../core/access/collection-policy.ts";
import { memberLists, presentCollection, presentMemory } from "./presenter.ts";
import * as repo from "./repo.ts";
import { deliverInvitations, inviteAddresses, type InvitationDeps } from "./invitations.ts";

/** How many memories a collection card shows. */
const TOP_DOCUMENTS = 3;

function checkName(raw: string | undefined): string {
  const parsed = zCollectionName.safeParse(raw ?? "");
  if (!parsed.success) throw validation(parsed.error.issues[0]?.message ?? collectionMessages.nameRequired);
  return parsed.data;
}

async function planOf(db: repo.Tx, actor: Actor) {
  const { plan } = await loadPlanState(db, actor);
  return { plan, limit: collectionLimitFor(plan) };
}

const parsed = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** Collections as the actor sees them: owned and shared with the actor's e-mail, newest first. */
export async function listCollections(db: Db, actor: Actor): Promise<Collection[]> {
  const cards = await repo.collectionCards(db, actor, TOP_DOCUMENTS);
  return cards.map((c) => {
    const grants = (parsed(c.grants) ?? []).map((g) => ({
      collectionId: c.id,
      email: g.email,
      role: g.role,
      userId: g.user_id,
    }));
    const bound = new Map(grants.flatMap((g) => (g.userId ? [[g.userId, g.role] as const] : [])));
    const role = roleOf(actor, { ownerId: c.owner_id, grants: bound }) ?? "read";
    return presentCollection({
      row: {
        id: c.id,
        ownerId: c.owner_id,
        name: c.name,
        description: c.description,
        customInstructions: c.custom_instructions,
        createdAt: new Date(c.created_at),
        updatedAt: new Date(c.created_at),
      },
      ownerEmail: c.owner_email,
      grants,
      documentCount: Number(c.document_count ?? 0),
      top: (parsed(c.top) ?? []).map((t) => ({ collection_id: c.id, ...t })),
      viewerRole: role,
    });
  });
}

export async function getCollection(db: Db, actor: Actor, id: string): Promise<Collection> {
  const { row, grants, role } = await requireCollectionAccess(db, actor, id, "view");
  const [count, top, emails] = await Promise.all([
    repo.documentCount(db, id),
    repo.topDocuments(db, [id], TOP_DOCUMENTS),
    repo.emailsOf(db, [row.ownerId]),
  ]);
  return presentCollection({
    row,
    ownerEmail: emails.get(row.ownerId) ?? "",
    grants,
    documentCount: count,
    top,
    viewerRole: role,
  });
}

/**
 * Creates a collection (no `collection_id`) or updates one. Creation checks the plan's collection
 * count and the duplicate name inside one transaction, under a per-owner lock (no overshoot).
 */
export async function upsertCollection(db: Db, actor: Actor, input: UpsertCollectionInput) {
  if (input.collection_id) return updateCollection(db, actor, input.collection_id, input);
  const name = checkName(input.collection_name);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await repo.lockOwnerCollections(tx, actor.id);
    const { plan, limit } = await planOf(tx, actor);
    if (!canCreateCollection(await repo.countOwned(tx, actor.id), limit)) {
      throw new AppError(
        "plan_limit",
        collectionMessages.collectionLimitReached({ plan: planLabel(plan), n: limit ?? 0 }),
      );
    }
    if (await repo.nameTaken(tx, actor.id, name)) throw conflict(collectionMessages.nameExists);
    await repo.insertCollection(tx, {
      id,
      ownerId: actor.id,
      name,
      description: input.description ?? "",
      customInstructions: input.custom_instructions ?? "",
    });
  });
  return { collection_id: id, created: true };
}

async function updateCollection(db: Db, actor: Actor, id: string, input: UpsertCollectionInput) {
  await db.transaction(async (tx) => {
    const loaded = await loadCollectionFacts(tx, id);
    if (!loaded) throw collectionNotFound();
    authorize(actor, "update", loaded.facts);
    const patch: Parameters<typeof repo.updateCollection>[2] = {};
    if (input.collection_name !== undefined) {
      patch.name = checkName(input.collection_name);
      await repo.lockOwnerCollections(tx, loaded.row.ownerId);
      if (await repo.nameTaken(tx, loaded.row.ownerId, patch.name, id))
        throw conflict(collectionMessages.nameExists);
    }
    if (input.description !== undefined) patch.description = input.description;
    if (input.custom_instructions !== undefined) patch.customInstructions = input.custom_instructions;
    if (Object.keys(patch).length) await repo.updateCollection(tx, id, patch);
  });
  return { collection_id: id, created: false };
}

/** Deletes collections the actor administers; all or nothing. Memories stay in their owners' walls. */
export async function deleteCollections(db: Db, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    for (const id of unique) await requireCollectionAccess(tx, actor, id, "delete");
    return repo.deleteCollections(tx, unique);
  });
}

/**
 * Adds memories to a collection (write or admin). A memory already in the collection is reported
 * as a duplicate; any other memory must be the actor's own (decisions.md: a member cannot pass a
 * memory on to another audience). The whole batch is refused if one memory is not addable.
 */
export async function addSources(
  db: Db,
  actor: Actor,
  collectionId: string,
  documents: string[],
): Promise<AddSourcesResponse> {
  const ids = [...new Set(documents)];
  return db.transaction(async (tx) => {
    await requireCollectionAccess(tx, actor, collectionId, "add_sources");
    const { plan, limit } = await planOf(tx, actor);
    if (!canAddToCollections(await repo.countOwned(tx, actor.id), limit)) {
      throw new AppError(
        "plan_limit",
        collectionMessages.collectionLimitExceeded({ plan: planLabel(plan), n: limit ?? 0 }),
      );
    }
    const owned = new Set(await repo.ownedSourceIds(tx, actor.id, ids));
    const added = new Set(await repo.insertSources(tx, collectionId, [...owned], actor.id));
    const others = ids.filter((id) => !owned.has(id));
    // Not-owned ids are acceptable only as duplicates (already in the collection).
    const present = new Set(others.length ? await repo.presentSourceIds(tx, collectionId, others) : []);
    const missing = others.filter((id) => !present.has(id));
    if (missing.length) throw notFound("Memory not found.");
    const duplicates = ids.filter((id) => !added.has(id));
    const count = await repo.documentCount(tx, collectionId);
    if (added.size === 0) {
      return {
        result: "duplicate_source",
        message: collectionMessages.serverDuplicateInCollection,
        added: [],
        duplicates,
        document_count: count,
      };
    }
    return { result: "success", added: ids.filter((id) => added.has(id)), duplicates, document_count: count };
  });
}

/** Removes memories from a collection (write or admin); the memories themselves stay. */
export async function removeSources(db: Db, actor: Actor, collectionId: string, documents: string[]) {
  return db.transaction(async (tx) => {
    await requireCollectionAccess(tx, actor, collectionId, "remove_sources");
    const ids = [...new Set(documents)];
    const gone = new Set(await repo.removeSources(tx, collectionId, ids));
    return {
      removed: ids.filter((id) => gone.has(id)),
      document_count: await repo.documentCount(tx, collectionId),
    };
  });
}

export async function setCustomInstructions(db: Db, actor: Actor, id: string, instructions: string) {
  await db.transaction(async (tx) => {
    await requireCollectionAccess(tx, actor, id, "set_instructions");
    await repo.updateCollection(tx, id, { customInstructions: instructions });
  });
  return { collection_id: id, custom_instructions: instructions };
}

function checkBodyId(pathId: string, bodyId: string | undefined) {
  if (bodyId !== undefined && bodyId !== pathId)
    throw validation("collection_id does not match the collection in the path.");
}

/**
 * Grants `type_of_access` to each e-mail (admin only). Grants are stored by e-mail, so they can be
 * made before the recipient has an account; each reaches an account only on proof of the address
 * (a verified e-mail, or the single-use invitation link returned here and mailed when SMTP is
 * configured; issue 12 item 3).
 */
export async function share(
  db: Db,
  deps: InvitationDeps,
  actor: Actor,
  id: string,
  input: ShareInput,
): Promise<ShareResponse> {
  checkBodyId(id, input.collection_id);
  const { members, links, name } = await db.transaction(async (tx) => {
    const { row } = await requireCollectionAccess(tx, actor, id, "share");
    const ownerEmail = (await repo.emailsOf(tx, [row.ownerId])).get(row.ownerId) ?? "";
    // The creator is always admin; a grant on the creator's own address would be meaningless.
    const emails = [...new Set(input.recipient_email_ids)].filter((e) => e !== ownerEmail);
    await repo.upsertGrants(tx, id, emails, input.type_of_access);
    const links = await inviteAddresses(tx, deps, { collectionId: id, invitedBy: actor.id }, emails);
    const members = { collection_id: id, ...memberLists(ownerEmail, await repo.grantsOf(tx, [id])) };
    return { members, links, name: row.name };
  });
  const invitations = await deliverInvitations(deps, links, { inviter: actor.name || actor.email, name });
  return { ...members, invitations };
}

/** Removes a member's grant (admin only); it takes effect on that member's next request. */
export async function revoke(db: Db, actor: Actor, id: string, input: RevokeInput) {
  checkBodyId(id, input.collection_id);
  return db.transaction(async (tx) => {
    const { row } = await requireCollectionAccess(tx, actor, id, "revoke");
    const ownerEmail = (await repo.emailsOf(tx, [row.ownerId])).get(row.ownerId) ?? "";
    if (input.recipient_email_id === ownerEmail) throw validation("The creator's access cannot be revoked.");
    if (!(await repo.deleteGrant(tx, id, input.recipient_email_id)))
      throw notFound("This person has no access to this collection.");
    await repo.deleteInvitations(tx, id, input.recipient_email_id);
    return { collection_id: id, ...memberLists(ownerEmail, await repo.grantsOf(tx, [id])) };
  });
}

export async function listSources(
  db: Db,
  actor: Actor,
  id: string,
  page: number,
  pageSize: number,
): Promise<CollectionSourcesPage> {
  await requireCollectionAccess(db, actor, id, "view");
  const { rows, total } = await repo.pageOfSources(db, id, page, pageSize);
  return {
    results: rows.map(presentMemory),
    page,
    page_size: pageSize,
    total,
    has_more: page * pageSize < total,
  };
}
