import crypto from "node:crypto";
import { orgMessages, type SelfLabel } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { AppError, forbidden } from "../../platform/lib/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import { readBlob, type BlobStore } from "../../platform/blobs/store.ts";
import { safeFetch, type SafeFetchOptions } from "../../platform/links/safe-fetch.ts";
import { activeMembership, ownerMayWhiteLabel, shownLabel } from "./active.ts";
import { sniffIcon } from "./icon.ts";
import * as repo from "./repo.ts";
import { requireAdmin } from "./service.ts";

/** The largest icon accepted (it is sent back inline as a data: URL). */
export const ICON_MAX_BYTES = 256 * 1024;

export type LabelDeps = { db: Db; blobs: BlobStore; fetch: SafeFetchOptions; log: Logger };

/**
 * GET /label/get_self_labelled_app_icon: the white-label name and icon of the actor's active
 * organisation (chosen in this session, else the first with one — see active.ts) while its owner
 * is on ltd_tier_5; nulls otherwise.
 */
export async function getLabel(deps: LabelDeps, actor: Actor): Promise<SelfLabel> {
  const active = await activeMembership(deps.db, actor);
  const label = active && (await shownLabel(deps.db, active.membership.organizationId));
  if (!active || !label) return { organization_id: null, app_name: null, image_url: null };
  const bytes = await readBlob(deps.blobs, label.iconKey, ICON_MAX_BYTES);
  return {
    organization_id: active.membership.organizationId,
    app_name: label.appName,
    image_url: bytes ? `data:${label.iconType};base64,${Buffer.from(bytes).toString("base64")}` : null,
  };
}

/**
 * POST /label/update_self_labelled_app_icon (admins of an ltd_tier_5 organisation): fetches the
 * image through the SSRF-safe fetcher, accepts only a real raster image by its bytes, stores it
 * as a blob and names the app.
 */
export async function updateLabel(
  deps: LabelDeps,
  actor: Actor,
  input: { organization_id?: string; image_url: string; app_name: string },
): Promise<SelfLabel> {
  const org = await requireAdmin(deps.db, actor, input.organization_id);
  if (!(await ownerMayWhiteLabel(deps.db, org.organizationId)))
    throw forbidden(orgMessages.whiteLabelPlanOnly);
  let body: Buffer;
  try {
    const res = await safeFetch(input.image_url, {
      ...deps.fetch,
      maxBytes: ICON_MAX_BYTES,
      timeoutMs: 10_000,
      accept: "image/*",
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    body = res.body;
  } catch (err) {
    deps.log.info({ err: (err as Error).message }, "white-label icon fetch failed");
    throw new AppError("validation", orgMessages.iconFetchFailed);
  }
  const type = sniffIcon(body);
  if (!type) throw new AppError("validation", orgMessages.iconNotImage);
  const key = `org-labels/${org.organizationId}/${crypto.createHash("sha256").update(body).digest("hex")}`;
  await deps.blobs.put(key, new Uint8Array(body), { maxBytes: ICON_MAX_BYTES, contentType: type });
  await repo.upsertLabel(deps.db, {
    organizationId: org.organizationId,
    appName: input.app_name,
    iconKey: key,
    iconType: type,
    sourceUrl: input.image_url,
  });
  return {
    organization_id: org.organizationId,
    app_name: input.app_name,
    image_url: `data:${type};base64,${body.toString("base64")}`,
  };
}
