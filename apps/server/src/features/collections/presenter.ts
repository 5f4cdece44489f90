import type { AccessType, Collection, CollectionMemory } from "@mnemo/contracts";
import { policiesFor } from "../../core/access/collection-policy.ts";
import type { CollectionMemoryRow, CollectionRow, Grant, TopDocumentRow } from "./repo.ts";

const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/** Member lists by role; the creator heads the admin list. */
export function memberLists(ownerEmail: string, grants: Grant[]) {
  const lists: Record<AccessType, string[]> = { read: [], write: [], admin: [ownerEmail] };
  for (const g of grants) if (g.email !== ownerEmail) lists[g.role].push(g.email);
  return lists;
}

/** The public shape of a collection as its viewer (with `viewerRole`) sees it. */
export function presentCollection(p: {
  row: CollectionRow;
  ownerEmail: string;
  grants: Grant[];
  documentCount: number;
  top: TopDocumentRow[];
  viewerRole: AccessType;
}): Collection {
  return {
    collection_id: p.row.id,
    collection_name: p.row.name,
    description: p.row.description,
    custom_instructions: p.row.customInstructions,
    document_count: p.documentCount,
    ...memberLists(p.ownerEmail, p.grants),
    top_documents: p.top.map((t) => ({ id: t.id, title: t.title, type: t.type })),
    creation_time: seconds(p.row.createdAt),
    owner_email: p.ownerEmail,
    access: p.viewerRole,
    policies: policiesFor(p.viewerRole),
  };
}

const statuses = ["in_progress", "success", "errored"] as const;

export function presentMemory(r: CollectionMemoryRow): CollectionMemory {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    url: r.url,
    type: r.type,
    status: (statuses as readonly string[]).includes(r.status)
      ? (r.status as CollectionMemory["status"])
      : "in_progress",
    timestamp: seconds(r.created_at),
    owner: r.owner_email.toLowerCase(),
    added_at: seconds(r.added_at),
  };
}
