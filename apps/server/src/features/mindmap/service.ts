import { MINDMAP_MAX_MEMORIES, type Mindmap, type MindmapEdge } from "@mnemo/contracts/mindmap";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import { termEdges, type TermRow } from "./graph.ts";
import { storeKeyTerms } from "./key-terms.ts";
import * as repo from "./repo.ts";

/** What the mind map uses of the application context. */
export type MindmapDeps = Pick<PlatformContext, "database">;

/** Memories without stored key terms computed per request at most (the rest on later requests). */
const BACKFILL_PER_REQUEST = 200;

/**
 * The viewer's mind map: own memories (most recent MINDMAP_MAX_MEMORIES) and readable
 * collections; a collection links to each memory it holds, memories link by shared key terms.
 */
export async function buildMindmap(ctx: MindmapDeps, actor: Actor): Promise<Mindmap> {
  const db = ctx.database.db;
  const viewer = { id: actor.id, email: actor.email.toLowerCase() };
  const rows = await repo.ownMemories(db, viewer, MINDMAP_MAX_MEMORIES);
  const truncated = rows.length > MINDMAP_MAX_MEMORIES;
  const memories = rows.slice(0, MINDMAP_MAX_MEMORIES);
  const ids = memories.map((m) => m.id);
  const stored: TermRow[] = memories.flatMap((m) =>
    (m.key_terms ?? []).map((t) => ({ source_id: m.id, term: t.term, score: t.score })),
  );
  const missing = memories
    .filter((m) => m.key_terms === null && m.status === "success")
    .slice(0, BACKFILL_PER_REQUEST)
    .map((m) => m.id);
  const [{ collections, members }, computed] = await Promise.all([
    repo.collectionsWithMembers(db, viewer, ids),
    storeKeyTerms(db, actor.id, missing),
  ]);
  const terms = [...stored, ...computed];
  const termsOf = new Map<string, string[]>();
  for (const t of [...terms].sort((a, b) => b.score - a.score)) {
    const list = termsOf.get(t.source_id) ?? [];
    list.push(t.term);
    termsOf.set(t.source_id, list);
  }
  const memberEdges: MindmapEdge[] = members.map((m) => ({
    source: m.collection_id,
    target: m.source_id,
    kind: "member",
    terms: [],
  }));
  return {
    nodes: [
      ...collections.map((c) => ({
        id: c.id,
        kind: "collection" as const,
        title: c.name,
        type: "collection",
        terms: [],
      })),
      ...memories.map((m) => ({
        id: m.id,
        kind: "memory" as const,
        title: m.title,
        type: m.type,
        terms: termsOf.get(m.id) ?? [],
      })),
    ],
    edges: [...memberEdges, ...termEdges(terms)],
    truncated,
  };
}
