import { Readable } from "node:stream";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import { requireCollectionAccess } from "../collections/index.ts";
import { reviewCardsForExport } from "../review/index.ts";
import * as repo from "./repo.ts";
import {
  blocksFile,
  chatFile,
  COLLECTIONS,
  MANIFEST,
  memoryFile,
  newManifest,
  originalFile,
  REVIEW_CARDS,
  type ExportedChat,
  type ExportedCollection,
  type MemoryFrontMatter,
} from "./layout.ts";

/** What an export reads: the database and the blob store. */
export type ExportDeps = Pick<PlatformContext, "database" | "blobs" | "log">;

/** Memories read per query; entries waiting in the zip writer before the reader pauses. */
const PAGE = 100;
const MAX_PENDING = 16;
/** Already compressed: stored as they are (deflating them costs CPU for nothing). */
const STORED = /^(image\/|video\/|audio\/)|zip|pdf|compressed|officedocument/;

/**
 * Streams a zip of what the actor owns (or of one collection the actor may read) in the layout of
 * docs/export-format.md. Entries are produced as the client reads: memories are read a page at a
 * time and files streamed from the blob store, so memory stays flat whatever the export's size.
 */
export async function exportZip(
  deps: ExportDeps,
  actor: Actor,
  opts: { collectionId?: string } = {},
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const db = deps.database.db;
  let collections;
  /** Sharing is exported for the collections the actor administers (whose grants they may see and change). */
  let administered: string[];
  if (opts.collectionId) {
    const { role } = await requireCollectionAccess(db, actor, opts.collectionId, "view");
    collections = [(await repo.collectionById(db, opts.collectionId))!];
    administered = role === "admin" ? [opts.collectionId] : [];
  } else {
    collections = await repo.ownedCollections(db, actor.id);
    administered = collections.map((c) => c.id);
  }
  const [{ default: yazl }, YAML] = await Promise.all([import("yazl"), import("yaml")]);
  const zip = new yazl.ZipFile();
  let added = 0;
  let started = 0;
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const output = zip.outputStream as Readable;
  output.on("close", () => {
    closed = true;
    wake();
  });
  /** Adds an entry whose body is made when the writer reaches it; waits while too many are pending. */
  const add = async (name: string, body: () => Promise<Readable | null>, compress = true) => {
    while (!closed && added - started >= MAX_PENDING) await new Promise<void>((r) => waiters.push(r));
    if (closed) return;
    added++;
    zip.addReadStreamLazy(name, { compress, mtime: new Date() }, (cb) => {
      started++;
      wake();
      body().then(
        (s) => cb(null, s ?? Readable.from([])),
        (err: unknown) => cb(err as Error, undefined as never),
      );
    });
  };
  const text = (name: string, value: string) =>
    add(name, async () => Readable.from([Buffer.from(value, "utf8")]));

  const produce = async () => {
    const manifest = newManifest(opts.collectionId ? "collection" : "everything", opts.collectionId);
    const scope = opts.collectionId ? { collectionId: opts.collectionId } : { ownerId: actor.id };
    const collectionIds = collections.map((c) => c.id);
    const members = new Map<string, string[]>(collectionIds.map((id) => [id, []]));
    const exportedIds: string[] = [];
    let after: repo.ExportCursor | null = null;
    for (;;) {
      const page = await repo.exportPage(db, scope, after, PAGE);
      if (!page.length || closed) break;
      const ids = page.map((p) => p.s.id);
      exportedIds.push(...ids);
      const [files, memberships] = await Promise.all([
        repo.blobsOf(db, ids),
        repo.membershipsOf(db, ids, collectionIds),
      ]);
      const fileOf = new Map(files.map((f) => [f.sourceId!, f]));
      const inCollections = new Map<string, string[]>();
      for (const m of memberships) {
        inCollections.set(m.sourceId, [...(inCollections.get(m.sourceId) ?? []), m.collectionId]);
        members.get(m.collectionId)!.push(m.sourceId);
      }
      for (const { s, markdown, blocks } of page) {
        const file = fileOf.get(s.id);
        const front: MemoryFrontMatter = {
          id: s.id,
          type: s.type,
          title: s.title,
          url: s.url,
          note: s.note,
          description: s.description,
          is_pinned: s.isPinned,
          status: s.status,
          created_at: s.createdAt.toISOString(),
          collections: inCollections.get(s.id) ?? [],
          file: file ? originalFile(s.id, file.name) : null,
          ...(file ? { file_name: file.name, mime_type: file.mimeType } : {}),
        };
        await text(memoryFile(s.id), `---\n${YAML.stringify(front)}---\n${markdown ?? ""}`);
        if (Array.isArray(blocks) && blocks.length) await text(blocksFile(s.id), JSON.stringify(blocks));
        if (file) {
          await add(front.file!, () => deps.blobs.get(file.key), !STORED.test(file.mimeType));
          manifest.counts.files++;
        }
        manifest.counts.memories++;
      }
      const last = page[page.length - 1]!;
      after = { at: last.cursorAt, id: last.s.id };
    }
    const sharing = await repo.sharingOf(db, administered);
    // The creator is admin by definition, not a grant to carry (the importer becomes the creator).
    const ownerEmails = new Map<string, string>();
    for (const c of collections)
      if (!ownerEmails.has(c.ownerId))
        ownerEmails.set(c.ownerId, ((await repo.accountOf(db, c.ownerId))?.email ?? "").toLowerCase());
    const exported: ExportedCollection[] = collections.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      custom_instructions: c.customInstructions,
      memory_ids: members.get(c.id) ?? [],
      ...(administered.includes(c.id)
        ? {
            sharing: {
              members: sharing.grants
                .filter(
                  (g) =>
                    g.collectionId === c.id &&
                    g.userId !== c.ownerId &&
                    g.email !== ownerEmails.get(c.ownerId),
                )
                .map((g) => ({ email: g.email, role: g.role, pending: !g.userId })),
              organizations: sharing.orgs
                .filter((o) => o.collectionId === c.id)
                .map((o) => ({ id: o.id, name: o.name, slug: o.slug, role: o.role })),
            },
          }
        : {}),
    }));
    await text(COLLECTIONS, JSON.stringify(exported, null, 2));
    manifest.counts.collections = exported.length;
    for (const c of await repo.chatsOf(db, actor.id, opts.collectionId)) {
      if (closed) break;
      const turns = await repo.turnsOf(db, c.id);
      const out: ExportedChat = {
        id: c.id,
        title: c.title,
        scope: c.scope,
        collection_id: c.collectionId,
        source_id: c.sourceId,
        created_at: c.createdAt.toISOString(),
        public: Boolean(c.publicToken && !c.revokedAt),
        turns: turns.map((t) => ({
          query: t.query,
          answer: t.answer,
          sources: t.sources,
          follow_ups: t.followUps,
          llm: t.llm,
          created_at: t.createdAt.toISOString(),
        })),
      };
      await text(chatFile(c.id), JSON.stringify(out, null, 2));
      manifest.counts.chats++;
    }
    // The exporter's review cards of the exported memories, with their schedules (issue 45).
    const cards = closed ? [] : await reviewCardsForExport(db, actor.id, exportedIds);
    if (cards.length) {
      await text(REVIEW_CARDS, JSON.stringify(cards, null, 2));
      manifest.counts.review_cards = cards.length;
    }
    await text(MANIFEST, JSON.stringify(manifest, null, 2));
    zip.end();
  };
  produce().catch((err: unknown) => {
    deps.log.error({ err: String(err) }, "export failed");
    output.destroy(err as Error);
  });
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName = opts.collectionId ? `mnemo-collection-${stamp}.zip` : `mnemo-export-${stamp}.zip`;
  return { stream: Readable.toWeb(output) as ReadableStream<Uint8Array>, fileName };
}
