import { cloudApi, type CloudApi } from "../cloud.ts";
import { concurrencyLane, mapLimit } from "../../../platform/lib/concurrency.ts";
import { epochSeconds, googleApi, googleOAuth } from "./google.ts";
import { messageItems } from "./mail.ts";
import { ConnectError, oauthAppEntry } from "./types.ts";
import type { Connector, ConnectorDeps, LiveResult, ParsedMail, StoredAccount, SyncItem } from "./types.ts";

/** The newest messages a first sync (or a full resync) brings in; older mail is reached by live search. */
export const GMAIL_FIRST_SYNC_MESSAGES = 5000;
/** New messages one incremental sync reads at most (the next sync goes on). */
const MESSAGES_PER_SYNC = 1000;
/**
 * Messages one run of a first sync reads: the newest GMAIL_FIRST_SYNC_MESSAGES come in runs of this
 * size, one after another (SyncBatch.more), so saving them never holds the database for minutes.
 */
export const gmailFirstSyncRun = { size: 500 };
/** Messages fetched from Gmail at once. */
const CONCURRENCY = 8;
/**
 * Messages parsed at once: each parse runs in a sandbox process, so this bounds the processes (and
 * memory) a sync adds, whatever the number of messages.
 */
const parsing = concurrencyLane(2);
/** A larger message is skipped (Gmail's own limit is 25 MB of attachments per message anyway). */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

type MessageRef = { id: string; threadId?: string };
type RawMessage = {
  id: string;
  threadId?: string;
  labelIds?: string[];
  historyId?: string;
  internalDate?: string;
  sizeEstimate?: number;
  raw?: string;
};
type HistoryList = {
  history?: {
    id: string;
    messagesAdded?: { message: MessageRef & { labelIds?: string[] } }[];
    messagesDeleted?: { message: MessageRef }[];
    labelsAdded?: { message: MessageRef; labelIds?: string[] }[];
  }[];
  nextPageToken?: string;
  historyId?: string;
};
type Cursor = {
  historyId?: string;
  /** While a first sync is still bringing messages in: where the listing goes on, and how many so far. */
  backfill?: { pageToken: string; read: number };
};

const me = (path: string) => `gmail/v1/users/me/${path}`;

/** The message's raw RFC 822 bytes, parsed in the sandbox; undefined when gone or too large. */
async function readMessage(
  api: CloudApi,
  deps: ConnectorDeps,
  id: string,
): Promise<{ msg: RawMessage; mail: ParsedMail } | undefined> {
  let msg: RawMessage;
  try {
    msg = await api.json<RawMessage>(
      googleApi(deps.settings, me(`messages/${encodeURIComponent(id)}`), { format: "raw" }),
    );
  } catch (err) {
    if (err instanceof ConnectError && err.status === 404) return undefined;
    throw err;
  }
  if (!msg.raw || (msg.sizeEstimate ?? 0) > MAX_MESSAGE_BYTES) return undefined;
  const bytes = Buffer.from(msg.raw, "base64url");
  const mail = await parsing(() =>
    deps.parseMail(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  );
  return { msg, mail };
}

/** The newest message ids (users.messages.list, newest first), at most `max`. */
async function listIds(api: CloudApi, deps: ConnectorDeps, max: number, q?: string): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    const page = await api.json<{ messages?: MessageRef[]; nextPageToken?: string }>(
      googleApi(deps.settings, me("messages"), {
        maxResults: String(Math.min(500, max - ids.length)),
        ...(q ? { q } : {}),
        ...(token ? { pageToken: token } : {}),
      }),
    );
    for (const m of page.messages ?? []) ids.push(m.id);
    token = page.nextPageToken;
  } while (token && ids.length < max);
  return ids.slice(0, max);
}

/** Reads messages by id into memories (each message and its readable attachments). */
async function messagesToItems(api: CloudApi, deps: ConnectorDeps, ids: string[]): Promise<SyncItem[]> {
  const maxFileBytes = deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024;
  const read = await mapLimit(ids, CONCURRENCY, async (id) => {
    const got = await readMessage(api, deps, id);
    if (!got) return [];
    const { note, files } = messageItems(id, got.mail, maxFileBytes);
    return [note, ...files];
  });
  return read.flat();
}

/**
 * The first sync, and the full resync when Gmail no longer knows the saved history id: the newest
 * messages, gmailFirstSyncRun.size per run, until GMAIL_FIRST_SYNC_MESSAGES. The history id is read when it
 * starts: what arrives meanwhile is read from the history once the first sync is done.
 */
async function fullSync(api: CloudApi, deps: ConnectorDeps, from?: Cursor) {
  const historyId =
    from?.historyId ??
    (await api.json<{ historyId: string }>(googleApi(deps.settings, me("profile")))).historyId;
  const done = from?.backfill?.read ?? 0;
  const page = await api.json<{ messages?: MessageRef[]; nextPageToken?: string }>(
    googleApi(deps.settings, me("messages"), {
      maxResults: String(Math.min(gmailFirstSyncRun.size, GMAIL_FIRST_SYNC_MESSAGES - done)),
      ...(from?.backfill ? { pageToken: from.backfill.pageToken } : {}),
    }),
  );
  const ids = (page.messages ?? []).map((m) => m.id);
  const read = done + ids.length;
  const more = Boolean(page.nextPageToken) && read < GMAIL_FIRST_SYNC_MESSAGES;
  const cursor: Cursor = more
    ? { historyId, backfill: { pageToken: page.nextPageToken!, read } }
    : { historyId };
  return { items: await messagesToItems(api, deps, ids.reverse()), cursor, more };
}

/** A live result's id: the account and the Gmail message id. */
const resultId = (accountId: string, messageId: string) => `${accountId}:${messageId}`;

/**
 * Gmail (developers.google.com/gmail/api/reference/rest) over Google OAuth, read-only: the first
 * sync brings the newest GMAIL_FIRST_SYNC_MESSAGES messages (raw RFC 822, parsed in the sandbox like
 * the Mail connector's, readable attachments through the extractors); later syncs read Gmail's
 * history since the saved history id — new messages added, deleted or trashed ones removed. A
 * history id Gmail no longer keeps (404) means a full resync. Live search is Gmail's own `q`.
 */
export const gmailConnector: Connector = {
  id: "gmail",
  name: "Gmail",
  description: "Search and save e-mail from Gmail and Google Workspace mail.",
  ...oauthAppEntry,
  rank: 7,
  domains: ["mail.google.com"],
  oauth: googleOAuth(["https://www.googleapis.com/auth/gmail.readonly"], async (token, deps) => {
    const profile = await cloudApi(
      gmailConnector,
      { id: "", config: {}, secret: { access_token: token }, cursor: null },
      deps,
    ).json<{
      emailAddress?: string;
    }>(googleApi(deps.settings, me("profile")));
    if (!profile.emailAddress) throw new ConnectError("Google did not say whose mailbox this is.");
    return {
      externalId: profile.emailAddress.toLowerCase(),
      title: profile.emailAddress,
      userEmail: profile.emailAddress,
      userName: null,
      orgUrl: "https://mail.google.com",
      config: { email: profile.emailAddress },
    };
  }),

  async sync(account, deps) {
    const api = cloudApi(gmailConnector, account, deps);
    const saved = (account.cursor ?? {}) as Cursor;
    const since = saved.historyId;
    if (!since || saved.backfill) return fullSync(api, deps, saved);
    const added = new Set<string>();
    const removed = new Set<string>();
    let token: string | undefined;
    let latest = since;
    try {
      do {
        const page: HistoryList = await api.json<HistoryList>(
          googleApi(deps.settings, me("history"), {
            startHistoryId: since,
            historyTypes: ["messageAdded", "messageDeleted", "labelAdded"],
            maxResults: "500",
            ...(token ? { pageToken: token } : {}),
          }),
        );
        for (const h of page.history ?? []) {
          for (const a of h.messagesAdded ?? []) {
            const labels = a.message.labelIds ?? [];
            if (labels.includes("SPAM") || labels.includes("TRASH") || labels.includes("DRAFT")) continue;
            added.add(a.message.id);
            removed.delete(a.message.id);
          }
          for (const d of h.messagesDeleted ?? []) {
            removed.add(d.message.id);
            added.delete(d.message.id);
          }
          for (const l of h.labelsAdded ?? []) {
            if (!l.labelIds?.includes("TRASH") && !l.labelIds?.includes("SPAM")) continue;
            removed.add(l.message.id);
            added.delete(l.message.id);
          }
        }
        if (page.historyId) latest = page.historyId;
        token = page.nextPageToken;
      } while (token && added.size < MESSAGES_PER_SYNC);
    } catch (err) {
      // Gmail keeps history for a limited time: an id it no longer knows means read everything again.
      if (err instanceof ConnectError && err.status === 404) return fullSync(api, deps);
      throw err;
    }
    const items = await messagesToItems(api, deps, [...added]);
    // A message gone takes its attachments with it: they are keyed under `<id>/` (messageItems).
    const gone = [...removed].flatMap((id) => [id, `${id}/`]);
    return { items, cursor: { historyId: latest } satisfies Cursor, removed: gone };
  },

  async liveSearch(account, query, limit, deps) {
    const api = cloudApi(gmailConnector, account, deps);
    const ids = await listIds(api, deps, limit, query);
    const found = await mapLimit(ids, CONCURRENCY, async (id): Promise<LiveResult | undefined> => {
      const got = await readMessage(api, deps, id);
      if (!got) return undefined;
      const { mail, msg } = got;
      return {
        id: resultId(account.id, id),
        subject: mail.subject || "(no subject)",
        text: mail.text.slice(0, 400),
        url: null,
        timestamp: epochSeconds(msg.internalDate ?? mail.date),
        attachments: mail.attachments.map((a) => a.filename),
        misc: { type: "email", from: mail.from, to: mail.to },
      };
    });
    return found.filter((r): r is LiveResult => r !== undefined);
  },

  async fetchItem(account: StoredAccount, itemId: string, deps: ConnectorDeps) {
    const [accountId, id] = itemId.split(":");
    if (accountId !== account.id || !id || !/^[\w-]+$/.test(id))
      throw new ConnectError("This message is not in this mailbox.");
    const api = cloudApi(gmailConnector, account, deps);
    const got = await readMessage(api, deps, id);
    if (!got) throw new ConnectError("This message is no longer in the mailbox.");
    return messageItems(id, got.mail, deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024);
  },
};
