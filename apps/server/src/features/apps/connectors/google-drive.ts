import { supportedFileExtensions } from "../../../platform/files/kinds.ts";
import { CloudError, cloudApi, type CloudApi } from "../cloud.ts";
import { epochSeconds, googleApi, googleOAuth } from "./google.ts";
import { ConnectError, fetchedFile, oauthAppEntry } from "./types.ts";
import type { Connector, ConnectorDeps, FetchedItem, LiveResult, StoredAccount, SyncItem } from "./types.ts";

/** Files one sync reads at most (the next sync goes on from its cursor). */
export const FILES_PER_SYNC = 500;
/** Largest exported text kept of one Google Doc, Sheet or Slides deck. */
const MAX_TEXT_CHARS = 1_000_000;
/** Items per page of files.list and changes.list (Drive allows up to 1000). */
const PAGE_SIZE = 200;

const FOLDER = "application/vnd.google-apps.folder";
/** Google's own formats and what each is exported as (developers.google.com/drive/api/guides/ref-export-formats). */
const EXPORTS: Record<string, { mime: string; label: string }> = {
  "application/vnd.google-apps.document": { mime: "text/markdown", label: "Google Doc" },
  "application/vnd.google-apps.spreadsheet": { mime: "text/csv", label: "Google Sheet" },
  "application/vnd.google-apps.presentation": { mime: "text/plain", label: "Google Slides" },
};
/** Binary formats kept as files and read by Mnemo's extractors, with their extension. */
const BINARY: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/rtf": "rtf",
  "application/epub+zip": "epub",
};
/** Plain text files, read as they are. */
const TEXT = new Set(["text/plain", "text/markdown", "text/csv"]);
const supported = new Set(supportedFileExtensions);

const FILE_FIELDS = "id,name,mimeType,modifiedTime,parents,driveId,webViewLink,size,trashed";

type DriveFile = {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime?: string;
  parents?: string[];
  driveId?: string;
  webViewLink?: string;
  size?: string;
  trashed?: boolean;
};
type FileList = { files?: DriveFile[]; nextPageToken?: string; incompleteSearch?: boolean };
type ChangeList = {
  changes?: { fileId: string; removed?: boolean; file?: DriveFile; changeType?: string }[];
  nextPageToken?: string;
  newStartPageToken?: string;
};
/** Folders and shared drives by id: their name and parent, to show where a file is. */
type Places = Record<string, { name: string; parent?: string }>;

type Cursor = {
  /** changes.list page token: where the next incremental sync starts. */
  changes?: string;
  /** files.list page token while a first sync is still listing (more than FILES_PER_SYNC files). */
  listing?: string;
  places?: Places;
};

const shared = { supportsAllDrives: "true", includeItemsFromAllDrives: "true" };

/** Where a file sits: "Shared drive / Folder / Sub-folder" (empty at the root of My Drive). */
export function placeOf(f: Pick<DriveFile, "parents" | "driveId">, places: Places): string {
  const names: string[] = [];
  let id = f.parents?.[0];
  for (let depth = 0; id && depth < 20; depth++) {
    const p = places[id];
    if (!p) break;
    names.unshift(p.name);
    id = p.parent;
  }
  if (f.driveId && places[f.driveId] && names[0] !== places[f.driveId]!.name)
    names.unshift(places[f.driveId]!.name);
  return names.join(" / ");
}

const kindOf = (f: DriveFile) =>
  EXPORTS[f.mimeType] ? "export" : BINARY[f.mimeType] ? "binary" : TEXT.has(f.mimeType) ? "text" : null;

/** A Sheet's CSV as a Markdown table (first row the header). Pure. */
export function csvToMarkdown(csv: string): string {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && csv[i + 1] === "\n") i++;
      endRow();
    } else cell += c;
  }
  if (cell || row.length) endRow();
  if (!rows.length) return "";
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (r[i] ?? "").replace(/\|/g, "\\|").replace(/\n/g, " ")).join(" | ")} |`;
  return [line(rows[0]!), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(line)].join("\n");
}

/** The memory (or memories) one Drive file becomes; undefined for what Mnemo cannot read. */
async function fileItems(
  api: CloudApi,
  deps: ConnectorDeps,
  f: DriveFile,
  places: Places,
  replace: boolean,
): Promise<SyncItem | undefined> {
  const kind = kindOf(f);
  if (!kind) return undefined;
  const where = placeOf(f, places);
  const maxBytes = deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024;
  if (kind === "binary") {
    if (Number(f.size ?? 0) > maxBytes) return undefined;
    const ext = BINARY[f.mimeType]!;
    if (!supported.has(ext)) return undefined;
    const bytes = await api.bytes(
      googleApi(deps.settings, `drive/v3/files/${f.id}`, { alt: "media", ...shared }),
      maxBytes,
    );
    const filename = f.name.toLowerCase().endsWith(`.${ext}`) ? f.name : `${f.name}.${ext}`;
    return { kind: "blob", key: f.id, filename, mimeType: f.mimeType, bytes, replace };
  }
  const text =
    kind === "export"
      ? new TextDecoder().decode(
          await api.bytes(
            googleApi(deps.settings, `drive/v3/files/${f.id}/export`, {
              mimeType: EXPORTS[f.mimeType]!.mime,
            }),
            maxBytes,
          ),
        )
      : new TextDecoder().decode(
          await api.bytes(
            googleApi(deps.settings, `drive/v3/files/${f.id}`, { alt: "media", ...shared }),
            maxBytes,
          ),
        );
  const body = (
    f.mimeType.endsWith("spreadsheet") || f.mimeType === "text/csv" ? csvToMarkdown(text) : text
  ).slice(0, MAX_TEXT_CHARS);
  const label = EXPORTS[f.mimeType]?.label ?? "File";
  return {
    kind: "file",
    key: f.id,
    title: f.name.slice(0, 300),
    description: [label, where && `in ${where}`, f.webViewLink].filter(Boolean).join(" · "),
    markdown: body.trimStart().startsWith("#") ? body : `# ${f.name}\n\n${body}`,
    mimeType: f.mimeType,
  };
}

/** Pages of files.list over every drive the user sees (My Drive and shared drives). */
async function listFiles(
  api: CloudApi,
  deps: ConnectorDeps,
  q: string,
  pageToken?: string,
  pageSize = PAGE_SIZE,
) {
  return api.json<FileList>(
    googleApi(deps.settings, "drive/v3/files", {
      q,
      corpora: "allDrives",
      ...shared,
      pageSize: String(pageSize),
      fields: `nextPageToken,incompleteSearch,files(${FILE_FIELDS})`,
      ...(pageToken ? { pageToken } : {}),
    }),
  );
}

/** Every folder and shared drive the user sees, for the places files are shown in. */
async function loadPlaces(api: CloudApi, deps: ConnectorDeps): Promise<Places> {
  const places: Places = {};
  let token: string | undefined;
  do {
    const page = await api.json<{ drives?: { id: string; name: string }[]; nextPageToken?: string }>(
      googleApi(deps.settings, "drive/v3/drives", {
        pageSize: "100",
        ...(token ? { pageToken: token } : {}),
      }),
    );
    for (const d of page.drives ?? []) places[d.id] = { name: d.name };
    token = page.nextPageToken;
  } while (token);
  token = undefined;
  do {
    const page = await listFiles(api, deps, `mimeType = '${FOLDER}' and trashed = false`, token, 1000);
    for (const f of page.files ?? [])
      places[f.id] = { name: f.name, ...(f.parents?.[0] ? { parent: f.parents[0] } : {}) };
    token = page.nextPageToken;
  } while (token);
  return places;
}

/** A live result's or a fetched item's id: the account and the Drive file. */
const resultId = (accountId: string, fileId: string) => `${accountId}:${fileId}`;

/** Drive's query language quotes strings in single quotes, escaping ' and \ with a backslash. */
export const driveQuote = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * Google Drive (developers.google.com/drive/api/reference/rest/v3) over Google OAuth, read-only:
 * Docs, Sheets and Slides exported as Markdown, a table and text; PDFs and Office files read by
 * Mnemo's extractors; every folder and shared drive. The first sync lists everything (in runs of
 * FILES_PER_SYNC); later syncs read only Drive's changes since the saved page token — a file
 * deleted, trashed or no longer shared is removed from memories.
 */
export const googleDriveConnector: Connector = {
  id: "google-drive",
  name: "Google Drive",
  description: "Docs, Sheets, Slides, PDFs and Office files from My Drive and shared drives.",
  ...oauthAppEntry,
  rank: 6,
  domains: ["drive.google.com", "docs.google.com"],
  oauth: googleOAuth(["https://www.googleapis.com/auth/drive.readonly"], async (token, deps) => {
    const about = await cloudApi(
      googleDriveConnector,
      { id: "", config: {}, secret: { access_token: token }, cursor: null },
      deps,
    ).json<{
      user?: { displayName?: string; emailAddress?: string; permissionId?: string };
    }>(googleApi(deps.settings, "drive/v3/about", { fields: "user" }));
    const email = about.user?.emailAddress ?? about.user?.permissionId;
    if (!email) throw new ConnectError("Google did not say whose Drive this is.");
    return {
      externalId: email.toLowerCase(),
      title: email,
      userEmail: about.user?.emailAddress ?? null,
      userName: about.user?.displayName ?? null,
      orgUrl: "https://drive.google.com",
      config: { email },
    };
  }),

  async sync(account, deps) {
    const api = cloudApi(googleDriveConnector, account, deps);
    const cursor = (account.cursor ?? {}) as Cursor;
    const items: SyncItem[] = [];
    if (!cursor.changes || cursor.listing) {
      // First sync (or one still listing): changes from now on are read next time.
      const changes =
        cursor.changes ??
        (
          await api.json<{ startPageToken: string }>(
            googleApi(deps.settings, "drive/v3/changes/startPageToken", { supportsAllDrives: "true" }),
          )
        ).startPageToken;
      const places = cursor.places ?? (await loadPlaces(api, deps));
      let token = cursor.listing;
      let read = 0;
      do {
        const page = await listFiles(api, deps, `mimeType != '${FOLDER}' and trashed = false`, token);
        for (const f of page.files ?? []) {
          const item = await fileItems(api, deps, f, places, false).catch(skipUnreadable);
          if (item) items.push(item);
          read++;
        }
        token = page.nextPageToken;
      } while (token && read < FILES_PER_SYNC);
      return { items, cursor: { changes, places, ...(token ? { listing: token } : {}) } satisfies Cursor };
    }
    const places = { ...(cursor.places ?? {}) };
    const removed = new Set<string>();
    const changed = new Map<string, DriveFile>();
    let token: string | undefined = cursor.changes;
    let next = cursor.changes;
    for (let pages = 0; token && pages < 100; pages++) {
      const page: ChangeList = await api.json<ChangeList>(
        googleApi(deps.settings, "drive/v3/changes", {
          pageToken: token,
          pageSize: String(PAGE_SIZE),
          includeRemoved: "true",
          ...shared,
          fields: `nextPageToken,newStartPageToken,changes(fileId,removed,changeType,file(${FILE_FIELDS}))`,
        }),
      );
      for (const c of page.changes ?? []) {
        if (c.changeType === "drive") continue;
        const f = c.file;
        if (c.removed || !f || f.trashed) {
          removed.add(c.fileId);
          changed.delete(c.fileId);
          delete places[c.fileId];
        } else if (f.mimeType === FOLDER) {
          places[f.id] = { name: f.name, ...(f.parents?.[0] ? { parent: f.parents[0] } : {}) };
        } else {
          changed.set(f.id, f);
          removed.delete(f.id);
        }
      }
      if (page.newStartPageToken) {
        next = page.newStartPageToken;
        token = undefined;
      } else {
        token = page.nextPageToken;
        if (token) next = token;
      }
      if (changed.size >= FILES_PER_SYNC) break;
    }
    for (const f of changed.values()) {
      const item = await fileItems(api, deps, f, places, true).catch(skipUnreadable);
      if (item) items.push(item);
    }
    return { items, cursor: { changes: next, places } satisfies Cursor, removed: [...removed] };
  },

  async liveSearch(account, query, limit, deps) {
    const api = cloudApi(googleDriveConnector, account, deps);
    const words = query.trim();
    if (!words) return [];
    const page = await listFiles(
      api,
      deps,
      `fullText contains ${driveQuote(words)} and trashed = false and mimeType != '${FOLDER}'`,
      undefined,
      Math.min(limit, 100),
    );
    return (page.files ?? []).slice(0, limit).map((f): LiveResult => ({
      id: resultId(account.id, f.id),
      subject: f.name,
      text: EXPORTS[f.mimeType]?.label ?? f.mimeType,
      url: f.webViewLink ?? null,
      timestamp: epochSeconds(f.modifiedTime),
      attachments: [],
      misc: { type: "file", mime_type: f.mimeType },
    }));
  },

  async fetchItem(account: StoredAccount, itemId: string, deps: ConnectorDeps): Promise<FetchedItem> {
    const [accountId, fileId] = itemId.split(":");
    if (accountId !== account.id || !fileId || !/^[\w-]+$/.test(fileId))
      throw new ConnectError("This file is not in this Drive.");
    const api = cloudApi(googleDriveConnector, account, deps);
    let f: DriveFile;
    try {
      f = await api.json<DriveFile>(
        googleApi(deps.settings, `drive/v3/files/${fileId}`, { fields: FILE_FIELDS, ...shared }),
      );
    } catch (err) {
      if (err instanceof ConnectError && err.status === 404)
        throw new ConnectError("This file is no longer in the Drive.");
      throw err;
    }
    const places = ((account.cursor ?? {}) as Cursor).places ?? {};
    return fetchedFile(await fileItems(api, deps, f, places, false), () => ({
      kind: "file",
      key: `${f.id}#about`,
      title: f.name,
      description: [placeOf(f, places) && `in ${placeOf(f, places)}`, f.webViewLink]
        .filter(Boolean)
        .join(" · "),
      markdown: `# ${f.name}\n\nA file in Google Drive${placeOf(f, places) ? ` (${placeOf(f, places)})` : ""}; its text is read from the attached file.`,
    }));
  },
};

/** One file Drive will not hand over (too large, gone meanwhile) does not stop the sync. */
function skipUnreadable(err: unknown): undefined {
  const rateLimited = err instanceof CloudError && err.rateLimited;
  if (err instanceof ConnectError && !rateLimited && !err.reauth && [403, 404, 413].includes(err.status ?? 0))
    return undefined;
  throw err;
}
