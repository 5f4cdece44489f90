import { envClient } from "../credentials.ts";
import { cloudApi, type CloudApi } from "../cloud.ts";
import { supportedFileExtensions } from "../../../platform/files/kinds.ts";
import { splitResultId } from "./result-id.ts";
import { ConnectError, fetchedFile, oauthAppEntry } from "./types.ts";
import type { Connector, ConnectorDeps, FetchedItem, LiveResult, StoredAccount, SyncItem } from "./types.ts";

/** Files downloaded per sync at most; the next sync goes on from where this one stopped. */
export const FILES_PER_SYNC = 200;
/** Messages read per sync at most; the next sync goes on from where this one stopped. */
export const MESSAGES_PER_SYNC = 500;
/** Items asked for per page of a delta query (Prefer: odata.maxpagesize). */
const PAGE_SIZE = 100;
/** Plain-text files kept as text (everything else Mnemo reads goes through the file extractors). */
const TEXT_EXTENSIONS = new Set(["md", "markdown", "txt"]);
const MAX_MARKDOWN = 200_000;
const MAX_ATTACHMENTS = 10;

/** The delegated, read-only Microsoft Graph permissions asked for (offline_access: refresh tokens). */
export const MICROSOFT_SCOPES = ["offline_access", "User.Read", "Files.Read", "Mail.Read"];

const supported = new Set(supportedFileExtensions);
const extensionOf = (name: string) => (name.includes(".") ? name.toLowerCase().split(".").pop()! : "");

type DriveItem = {
  id: string;
  name?: string;
  size?: number;
  webUrl?: string;
  lastModifiedDateTime?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  deleted?: { state?: string };
  root?: unknown;
  parentReference?: { path?: string };
};

type Recipient = { emailAddress?: { name?: string; address?: string } };
type Message = {
  id: string;
  subject?: string | null;
  from?: Recipient | null;
  toRecipients?: Recipient[];
  ccRecipients?: Recipient[];
  receivedDateTime?: string;
  body?: { contentType?: string; content?: string };
  bodyPreview?: string;
  webLink?: string;
  hasAttachments?: boolean;
  "@removed"?: { reason?: string };
};

type Delta<T> = { value: T[]; "@odata.nextLink"?: string; "@odata.deltaLink"?: string };

type Api = CloudApi & { graph: string; maxFileBytes: number };

function graphApi(account: StoredAccount, deps: ConnectorDeps): Api {
  return {
    ...cloudApi(microsoftConnector, account, deps),
    graph: new URL("v1.0/", deps.settings.MICROSOFT_GRAPH_URL.replace(/\/?$/, "/")).href,
    maxFileBytes: deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024,
  };
}

/** Text bodies (not HTML) and pages of a bounded size. */
const PREFER = `outlook.body-content-type="text", odata.maxpagesize=${PAGE_SIZE}`;

const get = <T>(x: Api, pathOrLink: string) =>
  x.json<T>(pathOrLink.startsWith("http") ? pathOrLink : new URL(pathOrLink.replace(/^\//, ""), x.graph), {
    headers: { prefer: PREFER },
  });

/** A delta/next link must point at the configured Graph (it is stored and followed later). */
function ownLink(x: Api, link: unknown): string | null {
  if (typeof link !== "string") return null;
  try {
    return new URL(link).origin === new URL(x.graph).origin ? link : null;
  } catch {
    return null;
  }
}

const who = (r: Recipient | null | undefined) => {
  const e = r?.emailAddress;
  if (!e) return "";
  return e.name && e.address ? `${e.name} <${e.address}>` : (e.address ?? e.name ?? "");
};

/** A message as Markdown: who, when, what (Graph gives the text body: Prefer text). */
export function messageMarkdown(m: Message): string {
  const head = [
    `**From:** ${who(m.from) || "unknown"}`,
    m.toRecipients?.length ? `**To:** ${m.toRecipients.map(who).join(", ")}` : "",
    m.ccRecipients?.length ? `**Cc:** ${m.ccRecipients.map(who).join(", ")}` : "",
    m.receivedDateTime ? `**Date:** ${m.receivedDateTime.slice(0, 16).replace("T", " ")} UTC` : "",
  ].filter(Boolean);
  const text = m.body?.content ?? m.bodyPreview ?? "";
  return `# ${m.subject || "(no subject)"}\n\n${head.join("  \n")}\n\n${text}`.trim().slice(0, MAX_MARKDOWN);
}

const fileKey = (id: string) => `onedrive/${id}`;
const mailKey = (id: string) => `outlook/${id}`;

/** A message and its readable attachments as memories. */
async function messageItems(x: Api, m: Message): Promise<FetchedItem> {
  const files: FetchedItem["files"] = [];
  if (m.hasAttachments) {
    type Attachment = {
      id: string;
      name?: string;
      contentType?: string;
      size?: number;
      contentBytes?: string;
      "@odata.type"?: string;
    };
    const list = await get<{ value: Attachment[] }>(x, `me/messages/${encodeURIComponent(m.id)}/attachments`);
    for (const a of list.value.slice(0, MAX_ATTACHMENTS)) {
      const name = a.name ?? "";
      if (a["@odata.type"] !== "#microsoft.graph.fileAttachment" || !a.contentBytes) continue;
      if (!supported.has(extensionOf(name)) || (a.size ?? 0) > x.maxFileBytes) continue;
      files.push({
        kind: "blob",
        key: `${mailKey(m.id)}/${a.id}`,
        filename: name,
        mimeType: a.contentType ?? "application/octet-stream",
        bytes: Buffer.from(a.contentBytes, "base64"),
      });
    }
  }
  return {
    note: {
      kind: "file",
      key: mailKey(m.id),
      title: (m.subject || "(no subject)").slice(0, 300),
      description: [who(m.from) && `From ${who(m.from)}`, m.receivedDateTime?.slice(0, 10)]
        .filter(Boolean)
        .join(" · "),
      markdown: messageMarkdown(m),
      mimeType: "message/rfc822",
    },
    files,
  };
}

/** A OneDrive file as what it becomes: text kept as a note, other readable files extracted; null: skipped. */
async function fileItem(x: Api, f: DriveItem): Promise<SyncItem | null> {
  const name = f.name ?? f.id;
  const ext = extensionOf(name);
  if (!f.file || (f.size ?? 0) > x.maxFileBytes) return null;
  if (!TEXT_EXTENSIONS.has(ext) && !supported.has(ext)) return null;
  const bytes = await x.bytes(
    new URL(`me/drive/items/${encodeURIComponent(f.id)}/content`, x.graph),
    x.maxFileBytes,
  );
  const path = (f.parentReference?.path ?? "").replace(/^\/drive\/root:?/, "");
  if (TEXT_EXTENSIONS.has(ext))
    return {
      kind: "file",
      key: fileKey(f.id),
      title: name.slice(0, 300),
      description: ["OneDrive", path ? `${path}/${name}` : name].join(" · "),
      markdown: Buffer.from(bytes).toString("utf8").slice(0, MAX_MARKDOWN),
    };
  // The app changed the file (delta lists only what changed): its memory is replaced.
  return {
    kind: "blob",
    key: fileKey(f.id),
    filename: name,
    mimeType: f.file.mimeType ?? "application/octet-stream",
    bytes,
    replace: true,
  };
}

/**
 * Follows a delta query from `link` until its delta link (or the budget): the items each page
 * holds are handed to `take`, which says how many of the budget they used.
 */
async function followDelta<T>(
  x: Api,
  link: string,
  budget: number,
  take: (page: T[]) => Promise<number>,
): Promise<{ next: string; done: boolean }> {
  let used = 0;
  let current = link;
  for (;;) {
    const page = await get<Delta<T>>(x, current);
    used += await take(page.value);
    const delta = ownLink(x, page["@odata.deltaLink"]);
    const nextLink = ownLink(x, page["@odata.nextLink"]);
    if (delta) return { next: delta, done: true };
    if (!nextLink)
      throw new ConnectError("Microsoft Graph answered a delta page without a next or delta link.");
    current = nextLink;
    // The page's items are in; the next sync goes on from the next page.
    if (used >= budget) return { next: current, done: false };
  }
}

const resultId = (accountId: string, kind: "file" | "mail", id: string) => `${accountId}:${kind}:${id}`;

export const parseMicrosoftId = (id: string) =>
  splitResultId(id, { kind: ["file", "mail"], id: "[A-Za-z0-9!_=+/.-]{1,400}" });

/** The operator's OAuth client of Microsoft 365 (the environment). */
const microsoftClient = envClient("MICROSOFT", "the operator registers an app in Microsoft Entra ID");

/**
 * Microsoft 365 over Microsoft Graph (the identity platform v2, authorization code with PKCE and
 * refresh tokens): OneDrive files and Outlook mail (the inbox). Each sync follows Graph's delta
 * queries from the stored delta link: a new or changed file is read again, a deleted one (the
 * `deleted` facet) or a message gone from the inbox (`@removed`) is removed from memories.
 */
export const microsoftConnector: Connector = {
  id: "microsoft",
  name: "Microsoft 365",
  description: "OneDrive files and Outlook mail, through Microsoft Graph.",
  ...oauthAppEntry,
  rank: 10,
  domains: ["onedrive.live.com", "sharepoint.com", "outlook.office.com", "outlook.live.com"],
  oauth: {
    unconfigured: microsoftClient.unconfigured,
    endpoints: (s) => {
      const base = `${s.MICROSOFT_LOGIN_URL.replace(/\/?$/, "/")}${encodeURIComponent(s.MICROSOFT_TENANT)}/oauth2/v2.0/`;
      return {
        authorize: `${base}authorize`,
        token: `${base}token`,
        ...microsoftClient.client(s),
        scopes: MICROSOFT_SCOPES,
        ...(s.MICROSOFT_REDIRECT_URL ? { redirectUri: s.MICROSOFT_REDIRECT_URL } : {}),
      };
    },
    async identify(token, deps) {
      const x = graphApi({ id: "", config: {}, cursor: null, secret: { access_token: token } }, deps);
      const me = await get<{
        id: string;
        displayName?: string | null;
        mail?: string | null;
        userPrincipalName?: string | null;
      }>(x, "me");
      const email = me.mail ?? me.userPrincipalName ?? null;
      return {
        externalId: me.id,
        title: email ?? me.displayName ?? "Microsoft 365",
        userEmail: email,
        userName: me.displayName ?? null,
        config: { user_id: me.id },
      };
    },
  },

  async sync(account, deps) {
    const x = graphApi(account, deps);
    const items: SyncItem[] = [];
    const removed: string[] = [];
    const c = account.cursor ?? {};
    const drive = await followDelta<DriveItem>(
      x,
      ownLink(x, c.drive) ?? "me/drive/root/delta",
      FILES_PER_SYNC,
      async (page) => {
        let read = 0;
        for (const f of page) {
          if (f.deleted) {
            // With the note Add memory saved beside a binary file (`<key>/note`).
            removed.push(fileKey(f.id), `${fileKey(f.id)}/`);
            continue;
          }
          if (f.root || f.folder || !f.file) continue;
          try {
            const item = await fileItem(x, f);
            if (item) {
              items.push(item);
              read++;
            }
          } catch (err) {
            // Deleted or grown too large between the listing and the download: the next delta says.
            if (!(err instanceof ConnectError) || (err.status !== 404 && err.status !== 413)) throw err;
          }
        }
        return read;
      },
    );
    const mail = await followDelta<Message>(
      x,
      ownLink(x, c.mail) ??
        "me/mailFolders/inbox/messages/delta?$select=subject,from,toRecipients,ccRecipients,receivedDateTime,body,bodyPreview,webLink,hasAttachments",
      MESSAGES_PER_SYNC,
      async (page) => {
        for (const m of page) {
          if (m["@removed"]) {
            // The message and its attachments, keyed under it (`<key>/<attachment id>`).
            removed.push(mailKey(m.id), `${mailKey(m.id)}/`);
            continue;
          }
          const { note, files } = await messageItems(x, m);
          items.push(note, ...files);
        }
        return page.length;
      },
    );
    return { items, removed, cursor: { drive: drive.next, mail: mail.next } };
  },

  async liveSearch(account, query, limit, deps) {
    const x = graphApi(account, deps);
    const q = query.replace(/'/g, "''");
    const n = Math.min(Math.max(limit, 1), 50);
    const [files, messages] = await Promise.all([
      get<{ value: DriveItem[] }>(x, `me/drive/root/search(q='${encodeURIComponent(q)}')?$top=${n}`),
      get<{ value: Message[] }>(
        x,
        `me/messages?$search=${encodeURIComponent(`"${query.replace(/"/g, "")}"`)}&$top=${n}&$select=subject,from,receivedDateTime,bodyPreview,webLink,hasAttachments`,
      ),
    ]);
    const results: LiveResult[] = [
      ...files.value
        .filter((f) => f.file && !f.deleted)
        .map((f) => ({
          id: resultId(account.id, "file", f.id),
          subject: f.name ?? f.id,
          text: (f.parentReference?.path ?? "").replace(/^\/drive\/root:?/, "") || "OneDrive",
          url: f.webUrl ?? null,
          timestamp: Math.floor(new Date(f.lastModifiedDateTime ?? 0).getTime() / 1000),
          attachments: [],
          misc: { type: "file", mime_type: f.file?.mimeType ?? null },
        })),
      ...messages.value.map((m) => ({
        id: resultId(account.id, "mail", m.id),
        subject: m.subject || "(no subject)",
        text: (m.bodyPreview ?? "").slice(0, 400),
        url: m.webLink ?? null,
        timestamp: Math.floor(new Date(m.receivedDateTime ?? 0).getTime() / 1000),
        attachments: [],
        misc: { type: "email", from: who(m.from) },
      })),
    ];
    return results.sort((a, b) => b.timestamp - a.timestamp).slice(0, limit);
  },

  async fetchItem(account, itemId, deps): Promise<FetchedItem> {
    const ref = parseMicrosoftId(itemId);
    if (!ref || ref.accountId !== account.id)
      throw new ConnectError("This item is not in this Microsoft 365 account.");
    const x = graphApi(account, deps);
    if (ref.kind === "mail") {
      const m = await get<Message>(x, `me/messages/${encodeURIComponent(ref.id)}`);
      return messageItems(x, m);
    }
    const f = await get<DriveItem>(x, `me/drive/items/${encodeURIComponent(ref.id)}`);
    return fetchedFile(await fileItem(x, f), () => ({
      kind: "file",
      key: `${fileKey(f.id)}/note`,
      title: (f.name ?? f.id).slice(0, 300),
      description: "OneDrive",
      markdown: `# ${f.name ?? f.id}\n\nOneDrive file${f.webUrl ? `: ${f.webUrl}` : ""}`,
    }));
  },
};
