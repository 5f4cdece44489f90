import crypto from "node:crypto";
import { constants, previewMessages, type SavePageInput } from "@mnemo/contracts";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import { notFound, validation } from "../../platform/lib/errors.ts";
import * as repo from "../../core/sources/rows.ts";
import { enqueueExtract } from "../../core/sources/capture/enqueue.ts";
import { authorizeSource } from "../../core/sources/access.ts";
import { blocksToMarkdown, conversionRefused } from "./blocknote.ts";

/** What the page service uses of the application context. */
export type PageDeps = Pick<PlatformContext, "database" | "config" | "queue" | "log">;

const defaultTitle = constants.editors.defaultPageTitles[0];

function present(row: repo.SourceRow, content: repo.SourceContentRow | undefined) {
  return {
    id: row.id,
    title: row.title,
    blocks: (content?.blocks as unknown[] | null) ?? [],
    markdown: content?.markdown ?? "",
    status: row.status as "in_progress" | "success" | "errored",
    content_version: row.contentVersion,
  };
}

async function markdownOf(ctx: PageDeps, input: SavePageInput): Promise<string> {
  return (
    input.markdown ??
    (await blocksToMarkdown(input.blocks, ctx.config.PARSE_TIMEOUT_MS).catch(conversionRefused))
  );
}

/** Saves a new page memory (blocks + Markdown) and enqueues its indexing. */
export async function createPage(ctx: PageDeps, actor: Actor, input: SavePageInput) {
  const db = ctx.database.db;
  const { allowed, refused } = await repo.writableCollections(db, actor, input.collections);
  if (refused.length) throw notFound("Collection not found.");
  const markdown = await markdownOf(ctx, input);
  // A new page with no text and no title of its own is no memory (issue 41: empty "Untitled Page"s).
  const title = input.title.trim();
  if (
    !markdown.trim() &&
    (!title || (constants.editors.defaultPageTitles as readonly string[]).includes(title))
  )
    throw validation(previewMessages.emptyPage);
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    const saved = await repo.insertSource(tx, {
      id,
      ownerId: actor.id,
      type: "page",
      title: input.title.trim() || defaultTitle,
      status: "in_progress",
      meta: { source: "page" },
    });
    await repo.upsertContent(tx, {
      sourceId: id,
      ownerId: actor.id,
      blocks: input.blocks,
      markdown,
      text: markdown,
    });
    await repo.addToCollections(tx, id, actor.id, allowed);
    return saved;
  });
  await enqueueExtract(ctx, row.id, row.contentVersion);
  return present(row, await repo.findContent(db, id));
}

/** Replaces a page's title and blocks; bumps its content version so it is re-indexed. */
export async function updatePage(ctx: PageDeps, actor: Actor, id: string, input: SavePageInput) {
  const db = ctx.database.db;
  // Owner, or a write/admin member of a collection holding the page (spec 2 §5 Page editing).
  const { row: existing } = await authorizeSource(db, actor, id, "edit");
  if (existing.type !== "page") throw notFound();
  const markdown = await markdownOf(ctx, input);
  const row = await db.transaction(async (tx) => {
    const saved = await repo.bumpSourceVersion(tx, id, { title: input.title.trim() || defaultTitle });
    await repo.upsertContent(tx, {
      sourceId: id,
      ownerId: existing.owner_id,
      blocks: input.blocks,
      markdown,
      text: markdown,
    });
    return saved;
  });
  await enqueueExtract(ctx, row.id, row.contentVersion);
  return present(row, await repo.findContent(db, id));
}

export async function getPage(ctx: PageDeps, actor: Actor, id: string) {
  const db = ctx.database.db;
  const { row: readable, canEdit } = await authorizeSource(db, actor, id, "read");
  const row = await repo.findSource(db, id);
  if (!row || readable.type !== "page") throw notFound();
  return { ...present(row, await repo.findContent(db, id)), editable: canEdit };
}
