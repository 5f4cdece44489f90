import { zUpdateOrgKeysInput, type UpdateOrgKeysInput } from "@mnemo/contracts";
import { z } from "zod";
import { validation } from "../../platform/lib/errors.ts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import type { SecretBox } from "../../platform/secrets/secret-box.ts";
import { findConnector } from "../apps/index.ts";
import * as repo from "./repo.ts";
import { requireAdmin } from "./service.ts";

/** An organisation's OAuth client for one app, opened. */
export type OrgAppCredentials = { clientId: string; clientSecret: string; redirectUrl: string };

/**
 * The fields of `update_organization_keys`: from the JSON body (what the web app sends), or from the
 * query as the spec has them; a field given in the body wins over the query.
 */
export function keysInput(query: Partial<UpdateOrgKeysInput>, body: Partial<UpdateOrgKeysInput>) {
  const defined = (o: Partial<UpdateOrgKeysInput>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const parsed = zUpdateOrgKeysInput.safeParse({ ...defined(query), ...defined(body) });
  if (!parsed.success) {
    throw validation(parsed.error.issues[0]?.message ?? "Invalid request.", z.treeifyError(parsed.error));
  }
  return parsed.data;
}

/**
 * POST /org/update_organization_keys (admins): the organisation's own OAuth client of an app,
 * sealed at rest with the apps module's secret box; the secret is never returned.
 */
export async function updateKeys(
  db: Db,
  secrets: SecretBox,
  actor: Actor,
  q: {
    organization_id?: string;
    app_name: string;
    client_id: string;
    client_secret: string;
    redirect_url: string;
  },
) {
  const org = await requireAdmin(db, actor, q.organization_id);
  // Kept under the app's id ("GitHub" and "github" are one app): its members' connections find it.
  const app = findConnector(q.app_name)?.id ?? q.app_name;
  const sealed = secrets.seal({
    client_id: q.client_id,
    client_secret: q.client_secret,
    redirect_url: q.redirect_url,
  });
  await repo.upsertAppKey(db, org.organizationId, app, sealed);
  return {
    success: true as const,
    app_name: app,
    client_id: q.client_id,
    redirect_url: q.redirect_url,
  };
}

/** The keys an admin has set (client ids and redirect URLs; never the secrets). */
export async function listKeys(db: Db, secrets: SecretBox, actor: Actor, organizationId?: string) {
  const org = await requireAdmin(db, actor, organizationId);
  const rows = await repo.appKeysOf(db, [org.organizationId]);
  return {
    organization_id: org.organizationId,
    keys: rows.map((r) => {
      const open = secrets.open(r.sealed);
      return {
        app_name: r.app,
        client_id: open.client_id ?? "",
        redirect_url: open.redirect_url ?? "",
        has_client_secret: !!open.client_secret,
        updated_at: r.updatedAt.toISOString(),
      };
    }),
  };
}

/**
 * For the connectors (modules/apps' app-credentials seam): the OAuth client an organisation of
 * `userId` set for `appId`, opened, or null when none of the user's organisations set one (the
 * operator's client is used then). With several organisations, the oldest membership wins.
 */
export async function orgAppKeys(
  db: repo.Tx,
  secrets: SecretBox,
  userId: string,
  appId: string,
): Promise<OrgAppCredentials | null> {
  const orgs = await repo.membershipsOf(db, userId);
  const rows = await repo.appKeysOf(
    db,
    orgs.map((o) => o.organizationId),
    appId,
  );
  for (const o of orgs) {
    const row = rows.find((r) => r.organizationId === o.organizationId);
    if (!row) continue;
    const open = secrets.open(row.sealed);
    return { clientId: open.client_id, clientSecret: open.client_secret, redirectUrl: open.redirect_url };
  }
  return null;
}
