import { zSourceAttachment, type Source, type SourceAttachment } from "@mnemo/contracts";
import { canOnSource, type SourceAccessFacts } from "../access/source-policy.ts";
import type { SourceRecord } from "./repo.ts";

export type PresentExtras = {
  collections: Map<string, { collection_id: string; collection_name: string }[]>;
  collaborators: Map<string, string[]>;
  access: Map<string, SourceAccessFacts>;
  thumbnails: Map<string, string>;
};

const metaSource = (type: string) =>
  ["canvas", "page", "webpage", "file", "image", "local_source"].includes(type) ? type : "shared";

/** Attachments kept in a memory's meta by the app item it came from; malformed entries dropped. */
function attachmentsOf(value: unknown): SourceAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((a) => {
    const parsed = zSourceAttachment.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The public shape of a memory for one viewer (spec 2 §3 Source), with the viewer's policies. */
export function presentSource(r: SourceRecord, x: PresentExtras): Source {
  const facts = x.access.get(r.id) ?? { isOwner: false, collectionRoles: [], type: r.type };
  const access = { ...facts, type: r.type };
  const meta = r.meta ?? {};
  const thumbnail = x.thumbnails.get(r.id) ?? null;
  return {
    id: r.id,
    title: r.title,
    note: r.note,
    description: r.description,
    url: r.url,
    timestamp: Math.floor(new Date(r.created_at).getTime() / 1000),
    type: r.type,
    app: r.app,
    attachments: attachmentsOf(meta.attachments),
    collections: x.collections.get(r.id) ?? [],
    // Only a stored image (issue 41): the page's own og:image address would send every viewer's
    // browser to the site; the server keeps a copy when the page is saved (og_image_key).
    thumbnail_url: thumbnail,
    error: r.error,
    warning: r.warning,
    meta: {
      source: metaSource(r.type),
      status: r.status,
      owner: r.owner_email,
      collaborators: x.collaborators.get(r.id) ?? [],
      iframe_support: r.iframe_support,
      // A pin is its owner's (pins are per user, issue 41): a viewer of a shared memory never sees it.
      is_pinned: r.is_pinned && facts.isOwner,
      isCanvas: r.type === "canvas",
      file_type: typeof meta.file_type === "string" ? meta.file_type : undefined,
      // No screenshot will come (issue 41): one was tried and failed, or the viewer is not the
      // owner (only an owner's screenshot is stored). The web then stops asking on every load.
      ...(!thumbnail && (meta.screenshot_failed === true || !facts.isOwner)
        ? { screenshot_unavailable: true }
        : {}),
    },
    policies: {
      edit: canOnSource(access, "edit"),
      delete: canOnSource(access, "delete"),
      pin: canOnSource(access, "pin"),
    },
  };
}
