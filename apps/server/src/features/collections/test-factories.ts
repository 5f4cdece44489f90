import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { source, userProfile } from "../../platform/db/schema/index.ts";
import type { TestMnemo, TestUser } from "../../test/harness.ts";
import { desktopHeaders } from "../../test/factories.ts";

/** Inserts `n` memories owned by `owner` straight into the store (no ingestion needed here). */
export async function buildMemories(
  db: Db,
  owner: TestUser,
  n: number,
  prefix = "Memory",
): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    ownerId: owner.id,
    type: "page",
    title: `${prefix} ${i + 1}`,
    status: "success",
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(source).values(rows.slice(i, i + 500));
  return rows.map((r) => r.id);
}

export async function setPlan(db: Db, u: TestUser, plan: string) {
  await db.update(userProfile).set({ plan, skipTrial: true }).where(eq(userProfile.userId, u.id));
}

/** Creates a collection through the API and returns its id. */
export async function buildCollection(
  m: TestMnemo,
  owner: TestUser,
  opts: {
    name?: string;
    /** A TestUser accepts the invitation link as a real invitee would; a bare e-mail stays pending. */
    shareWith?: [TestUser | string, "read" | "write" | "admin"][];
    memories?: string[];
  } = {},
): Promise<string> {
  const res = await m.request("PUT", "/api/collection", {
    as: owner,
    json: { collection_name: opts.name ?? `Collection ${crypto.randomBytes(4).toString("hex")}` },
    headers: desktopHeaders(m, owner),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const { collection_id } = (await res.json()) as { collection_id: string };
  for (const [who, role] of opts.shareWith ?? []) {
    const email = typeof who === "string" ? who : who.email;
    const s = await m.request("POST", `/api/collection/${collection_id}/share`, {
      as: owner,
      json: { recipient_email_ids: [email], type_of_access: role },
    });
    if (s.status !== 200) throw new Error(`share failed: ${s.status} ${await s.text()}`);
    const { invitations } = (await s.json()) as { invitations: { invitation_url: string }[] };
    if (typeof who !== "string" && invitations[0])
      await acceptInvitation(m, who, invitations[0].invitation_url);
  }
  if (opts.memories?.length) {
    const a = await m.request("POST", `/api/collection/add_sources?collection_id=${collection_id}`, {
      as: owner,
      json: { documents: opts.memories },
      headers: desktopHeaders(m, owner),
    });
    if (a.status !== 200) throw new Error(`add failed: ${a.status} ${await a.text()}`);
  }
  return collection_id;
}

/** Opens an invitation link as `who` (the web app posts the link's token once signed in). */
export async function acceptInvitation(m: TestMnemo, who: TestUser, invitationUrl: string) {
  const token = new URL(invitationUrl).searchParams.get("invitation") ?? "";
  const res = await m.request("POST", "/api/collection/invitation/claim", { as: who, json: { token } });
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { collection_id: string; access: string };
}
