import crypto from "node:crypto";
import {
  collection,
  collectionMember,
  collectionSource,
  source,
  sourceContent,
} from "../platform/db/schema/index.ts";
import { indexSourceContent } from "../core/search/index.ts";
import type { TestMnemo, TestUser } from "./harness.ts";

export type BuildSourceOptions = Partial<{
  type: string;
  title: string;
  note: string;
  description: string;
  url: string;
  markdown: string;
  csv: string;
  html: string;
  status: "in_progress" | "success" | "errored";
  createdAt: Date;
  meta: Record<string, unknown>;
  /** The connected app it came from (mail, webdav …). */
  app: string;
}>;

/** A memory with content, indexed for search as the pipeline would leave it. */
export async function buildSource(m: TestMnemo, owner: TestUser, o: BuildSourceOptions = {}) {
  const db = m.ctx.database.db;
  const id = crypto.randomUUID();
  await db.insert(source).values({
    id,
    ownerId: owner.id,
    type: o.type ?? "webpage",
    title: o.title ?? "Untitled",
    note: o.note ?? "",
    description: o.description ?? "",
    url: o.url ?? null,
    status: o.status ?? "success",
    meta: o.meta ?? {},
    app: o.app ?? null,
    createdAt: o.createdAt ?? new Date(),
  });
  await db.insert(sourceContent).values({
    sourceId: id,
    ownerId: owner.id,
    markdown: o.markdown ?? `# ${o.title ?? "Untitled"}\n\nSome content.`,
    text: o.markdown ?? "Some content.",
    csv: o.csv ?? null,
    html: o.html ?? null,
  });
  await indexSourceContent(db, id);
  return id;
}

/**
 * A collection owned by `owner`, shared with others by e-mail and role, holding `sources`. A
 * TestUser's grant is bound to that account (as after its invitation link); a bare e-mail's stays
 * pending (no account reaches it).
 */
export async function buildCollection(
  m: TestMnemo,
  owner: TestUser,
  o: {
    name?: string;
    shareWith?: [TestUser | string, "read" | "write" | "admin"][];
    sources?: string[];
  } = {},
) {
  const db = m.ctx.database.db;
  const id = crypto.randomUUID();
  await db
    .insert(collection)
    .values({ id, ownerId: owner.id, name: o.name ?? `Collection ${id.slice(0, 6)}` });
  await db
    .insert(collectionMember)
    .values({ collectionId: id, email: owner.email.toLowerCase(), role: "admin", userId: owner.id });
  for (const [who, role] of o.shareWith ?? []) {
    const email = typeof who === "string" ? who : who.email;
    const userId = typeof who === "string" ? null : who.id;
    await db
      .insert(collectionMember)
      .values({ collectionId: id, email: email.toLowerCase(), role, userId })
      .onConflictDoNothing();
  }
  for (const sid of o.sources ?? [])
    await db.insert(collectionSource).values({ collectionId: id, sourceId: sid, addedBy: owner.id });
  return id;
}

/** Headers of a registered desktop client of `user`: a desktop token, as POST /api/auth/desktop_token issues. */
export function desktopHeaders(m: TestMnemo, user: TestUser): Record<string, string> {
  return { source: "desktop_app", "x-desktop-token": m.ctx.desktopTokens.issue(user.id).token };
}
