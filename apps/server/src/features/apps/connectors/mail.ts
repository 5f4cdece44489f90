import net from "node:net";
import tls from "node:tls";
import type { ImapFlow } from "imapflow";
import { FetchError, resolveSafeTarget } from "../../../platform/links/safe-fetch.ts";
import { supportedFileExtensions } from "../../../platform/files/kinds.ts";
import { splitResultId } from "./result-id.ts";
import { formatUidSet, parseUidSet } from "./uid-set.ts";
import {
  appPasswordField,
  ConnectError,
  type Connector,
  type ConnectorDeps,
  type FetchedItem,
  type LiveResult,
  type ParsedMail,
  type StoredAccount,
  type SyncItem,
} from "./types.ts";

/** The newest messages a first sync brings in (older mail is reached by live search). */
export const FIRST_SYNC_MESSAGES = 500;
/** Messages one sync run reads at most; the next run goes on from its cursor. */
export const MESSAGES_PER_SYNC = 200;
/** A larger message is skipped (its headers still searchable live). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** What a live search reads of each result (headers and the start of the text). */
const SNIPPET_BYTES = 64 * 1024;
/** One IMAP conversation's time limits (connect, greeting, idle socket). */
const TIMEOUT_MS = 20_000;

type MailAccount = {
  email: string;
  host: string;
  port: number;
  username: string;
  password: string;
  mailbox: string;
};

const supported = new Set(supportedFileExtensions);

function account(c: Record<string, unknown>, password: string): MailAccount {
  const email = String(c.email ?? "").trim();
  const port = Number(String(c.imap_port ?? "").trim() || 993);
  return {
    email,
    host: String(c.imap_host ?? "")
      .trim()
      .toLowerCase(),
    port,
    username: String(c.username ?? "").trim() || email,
    password,
    mailbox: String(c.mailbox ?? "").trim() || "INBOX",
  };
}

const stored = (s: StoredAccount) => account(s.config, s.secret?.password ?? "");

/**
 * A logged-in IMAP client. The server's address is checked like any link (no private or local
 * address unless the operator allows it) and the socket connects only to the address checked;
 * only IMAPS (TLS from the first byte) is spoken, so the password never travels in clear.
 */
async function open(a: MailAccount, deps: ConnectorDeps): Promise<ImapFlow> {
  if (!a.host || /[\s/:@]/.test(a.host))
    throw new ConnectError("Enter the IMAP server of your mailbox (imap.example.com).");
  if (!Number.isInteger(a.port) || a.port < 1 || a.port > 65535)
    throw new ConnectError("Enter a valid IMAP port (993).");
  let address: string;
  try {
    [{ address }] = await resolveSafeTarget(new URL(`https://${a.host}:${a.port}`), deps.fetchOptions);
  } catch (err) {
    if (err instanceof FetchError && err.reason === "blocked_address")
      throw new ConnectError("This address cannot be reached from Mnemo.");
    throw new ConnectError("The mail server could not be reached.");
  }
  const extraCa = deps.fetchOptions.extraCa;
  // TLS names the server by its host name (SNI and the certificate check); an IP is checked as is.
  const servername = net.isIP(a.host) ? undefined : a.host;
  // The IMAP client loads with the first mail call, not at start-up.
  const { ImapFlow } = await import("imapflow");
  const client = new ImapFlow({
    host: address,
    port: a.port,
    secure: true,
    servername,
    tls: {
      ...(servername ? { servername } : {}),
      ...(extraCa ? { ca: [...tls.rootCertificates, extraCa] } : {}),
    },
    auth: { user: a.username, pass: a.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 3,
  });
  // A dropped connection surfaces on the pending command; without a listener it would crash the process.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (err) {
    throw mailFailure(err);
  }
  return client;
}

function mailFailure(err: unknown): ConnectError {
  if (err instanceof ConnectError) return err;
  const e = err as {
    authenticationFailed?: boolean;
    mailboxMissing?: boolean;
    serverResponseCode?: string;
  };
  if (e?.authenticationFailed || e?.serverResponseCode === "AUTHENTICATIONFAILED")
    return new ConnectError("The mail server refused the user name or password.", true);
  if (e?.mailboxMissing || e?.serverResponseCode === "NONEXISTENT" || e?.serverResponseCode === "CANNOT")
    return new ConnectError("This mailbox does not exist on the mail server.");
  return new ConnectError("The mail server could not be reached.");
}

/** Runs `fn` with the account's mailbox selected (read-only), then logs out. */
async function withMailbox<T>(
  a: MailAccount,
  deps: ConnectorDeps,
  fn: (client: ImapFlow, box: { uidValidity: string; uidNext: number }) => Promise<T>,
): Promise<T> {
  const client = await open(a, deps);
  try {
    let lock;
    try {
      lock = await client.getMailboxLock(a.mailbox, { readOnly: true });
    } catch (err) {
      throw mailFailure(err);
    }
    try {
      const box = client.mailbox;
      if (!box) throw new ConnectError("This mailbox does not exist on the mail server.");
      return await fn(client, { uidValidity: String(box.uidValidity), uidNext: Number(box.uidNext) });
    } finally {
      lock.release();
    }
  } catch (err) {
    throw mailFailure(err);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The Markdown a message becomes: who, when, what. */
export function messageMarkdown(m: ParsedMail): string {
  const head = [
    `**From:** ${m.from || "unknown"}`,
    m.to && `**To:** ${m.to}`,
    m.cc && `**Cc:** ${m.cc}`,
    m.date && `**Date:** ${m.date.slice(0, 16).replace("T", " ")} UTC`,
    m.attachments.length ? `**Attachments:** ${m.attachments.map((a) => a.filename).join(", ")}` : "",
  ].filter(Boolean);
  return `# ${m.subject || "(no subject)"}\n\n${head.join("  \n")}\n\n${m.text}`.trim();
}

const extensionOf = (name: string) => name.toLowerCase().split(".").pop() ?? "";

/** A message as the memories it becomes: the message itself, and each attachment Mnemo can read. */
export function messageItems(key: string, m: ParsedMail, maxFileBytes: number): FetchedItem {
  return {
    note: {
      kind: "file",
      key,
      title: (m.subject || "(no subject)").slice(0, 300),
      description: [m.from && `From ${m.from}`, m.date?.slice(0, 10)].filter(Boolean).join(" · "),
      markdown: messageMarkdown(m),
      mimeType: "message/rfc822",
    },
    files: m.attachments
      .filter((a) => supported.has(extensionOf(a.filename)) && a.content.byteLength <= maxFileBytes)
      .map((a, i) => ({
        kind: "blob" as const,
        key: `${key}/${i}/${a.filename}`,
        filename: a.filename,
        mimeType: a.contentType,
        bytes: a.content,
      })),
  };
}

/** Reads and parses one message by UID; undefined when it is gone or too large. */
async function readMessage(
  client: ImapFlow,
  uid: number,
  deps: ConnectorDeps,
): Promise<ParsedMail | undefined> {
  const meta = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
  if (!meta || (meta.size ?? 0) > MAX_MESSAGE_BYTES) return undefined;
  const full = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (!full || !full.source) return undefined;
  return deps.parseMail(new Uint8Array(full.source));
}

/** Messages whose deletion on the server one sync run applies at most (the rest: next run). */
export const MAX_REMOVALS_PER_SYNC = 1_000;

/** The UIDs an earlier numbering of the mailbox (another UIDVALIDITY) left as memories. */
type StaleSet = { uidValidity: string; synced: string };

/**
 * Where a sync of the mailbox stands: the last UID read and the UIDs that became memories, for
 * the current UIDVALIDITY; sets of an older UIDVALIDITY are stale (their memories are removed).
 */
function readCursor(c: Record<string, unknown> | null, uidValidity: string) {
  const same = c?.uidValidity === uidValidity;
  const stale = (Array.isArray(c?.stale) ? (c.stale as StaleSet[]) : []).filter(
    (x) =>
      typeof x?.uidValidity === "string" && typeof x.synced === "string" && x.uidValidity !== uidValidity,
  );
  if (c && !same && typeof c.uidValidity === "string" && typeof c.synced === "string" && c.synced)
    stale.push({ uidValidity: c.uidValidity, synced: c.synced });
  return {
    lastUid: same ? Number(c?.lastUid ?? 0) : 0,
    synced: same && typeof c?.synced === "string" ? parseUidSet(c.synced) : [],
    stale,
  };
}

/**
 * The keys to forget when a message is gone: its note, and (a key ending in "/") everything
 * under it, i.e. its attachments (`messageItems` keys them `<uidvalidity>/<uid>/<n>/<name>`).
 */
const messageKeys = (uidValidity: string, uid: number) => [`${uidValidity}/${uid}`, `${uidValidity}/${uid}/`];

/** A live result's id: the account, the mailbox's UIDVALIDITY and the message's UID. */
const resultId = (accountId: string, uidValidity: string, uid: number) =>
  `${accountId}:${uidValidity}:${uid}`;

export function parseResultId(
  id: string,
): { accountId: string; uidValidity: string; uid: number } | undefined {
  const m = splitResultId(id, { uidValidity: String.raw`\d+`, uid: String.raw`\d+` });
  return m && { ...m, uid: Number(m.uid) };
}

/**
 * Mail over IMAP (any provider with IMAPS and a password or app password): new messages of one
 * mailbox become memories (their readable attachments too, through the file extractors), found
 * by the mailbox's own search as well (live, so older mail is searchable without syncing it).
 */
export const mailConnector: Connector = {
  id: "mail",
  name: "Mail",
  description: "Search and save e-mail from any IMAP mailbox.",
  status: "Active",
  rank: 2,
  domains: [],
  authKind: "credentials",
  capabilities: ["search", "content", "sync"],
  credentialFields: [
    {
      name: "email",
      label: "E-mail address",
      kind: "text",
      required: true,
      placeholder: "ada@example.com",
      secret: false,
    },
    {
      name: "imap_host",
      label: "IMAP server",
      kind: "text",
      required: true,
      placeholder: "imap.example.com",
      secret: false,
    },
    {
      name: "imap_port",
      label: "IMAP port (TLS)",
      kind: "number",
      required: false,
      placeholder: "993",
      secret: false,
    },
    {
      name: "username",
      label: "User name (if not the address)",
      kind: "text",
      required: false,
      placeholder: "",
      secret: false,
    },
    appPasswordField,
    { name: "mailbox", label: "Mailbox", kind: "text", required: false, placeholder: "INBOX", secret: false },
  ],
  unavailableReason: null,

  async connect(credentials, deps) {
    const a = account(credentials, credentials.password ?? "");
    if (!/^[^\s@]+@[^\s@]+$/.test(a.email))
      throw new ConnectError("Enter the e-mail address of the mailbox.");
    await withMailbox(a, deps, async () => undefined);
    return {
      externalId: `${a.username.toLowerCase()}@${a.host}/${a.mailbox}`,
      title: a.mailbox === "INBOX" ? a.email : `${a.email} (${a.mailbox})`,
      userEmail: a.email,
      userName: a.username,
      orgUrl: null,
      config: {
        email: a.email,
        imap_host: a.host,
        imap_port: a.port,
        username: a.username,
        mailbox: a.mailbox,
      },
      secret: { password: a.password },
    };
  },

  async sync(s, deps) {
    const a = stored(s);
    const maxFileBytes = deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024;
    return withMailbox(a, deps, async (client, box) => {
      const cursor = readCursor(s.cursor, box.uidValidity);
      const removed: string[] = [];
      const remove = (uidValidity: string, uids: number[]) => {
        for (const uid of uids) removed.push(...messageKeys(uidValidity, uid));
      };
      // A renumbered mailbox (new UIDVALIDITY): the old numbering's memories go, a bounded
      // number per run; its messages come back under their new UIDs.
      let budget = MAX_REMOVALS_PER_SYNC;
      const stale: StaleSet[] = [];
      for (const old of cursor.stale) {
        const uids = parseUidSet(old.synced);
        remove(old.uidValidity, uids.slice(0, budget));
        if (uids.length > budget) stale.push({ ...old, synced: formatUidSet(uids.slice(budget)) });
        budget = Math.max(0, budget - uids.length);
      }
      // Messages synced before and deleted on the server since: the server says which of the
      // synced UIDs still exist (bounded by what was synced, not by the mailbox's size).
      let synced = cursor.synced;
      if (synced.length && budget > 0) {
        const found = await client.search({ uid: formatUidSet(synced) }, { uid: true });
        if (Array.isArray(found)) {
          const still = new Set(found);
          const gone = new Set(synced.filter((u) => !still.has(u)).slice(0, budget));
          remove(box.uidValidity, [...gone]);
          synced = synced.filter((u) => !gone.has(u));
        }
      }
      const from = Math.max(cursor.lastUid + 1, box.uidNext - FIRST_SYNC_MESSAGES, 1);
      const found = from < box.uidNext ? await client.search({ uid: `${from}:*` }, { uid: true }) : [];
      const uids = (found || [])
        .filter((u) => u >= from)
        .sort((x, y) => x - y)
        .slice(0, MESSAGES_PER_SYNC);
      const items: SyncItem[] = [];
      let last = cursor.lastUid;
      for (const uid of uids) {
        const m = await readMessage(client, uid, deps);
        last = uid;
        if (!m) continue;
        const { note, files } = messageItems(`${box.uidValidity}/${uid}`, m, maxFileBytes);
        items.push(note, ...files);
        synced.push(uid);
      }
      return {
        items,
        cursor: {
          uidValidity: box.uidValidity,
          lastUid: last,
          synced: formatUidSet(synced),
          ...(stale.length ? { stale } : {}),
        },
        removed,
      };
    });
  },

  async liveSearch(s, query, limit, deps) {
    const a = stored(s);
    return withMailbox(a, deps, async (client, box) => {
      const found = await client.search(
        { or: [{ subject: query }, { from: query }, { text: query }] },
        { uid: true },
      );
      const uids = (found || []).sort((x, y) => y - x).slice(0, limit);
      if (!uids.length) return [];
      // One FETCH for every result, each message's first bytes only (enough for headers and a
      // snippet): the full message is read when the user previews or saves it.
      const heads: { uid: number; source: Buffer }[] = [];
      const head = { uid: true, source: { start: 0, maxLength: SNIPPET_BYTES } };
      for await (const msg of client.fetch(uids.join(","), head, { uid: true }))
        if (msg.source) heads.push({ uid: msg.uid, source: msg.source });
      const results: LiveResult[] = [];
      for (const { uid, source } of heads.sort((x, y) => y.uid - x.uid)) {
        const m = await deps.parseMail(new Uint8Array(source));
        results.push({
          id: resultId(s.id, box.uidValidity, uid),
          subject: m.subject || "(no subject)",
          text: m.text.slice(0, 400),
          url: null,
          timestamp: Math.floor(new Date(m.date ?? 0).getTime() / 1000),
          attachments: m.attachments.map((x) => x.filename),
          misc: { type: "email", from: m.from, to: m.to },
        });
      }
      return results;
    });
  },

  async fetchItem(s, itemId, deps) {
    const ref = parseResultId(itemId);
    if (!ref || ref.accountId !== s.id) throw new ConnectError("This message is not in this mailbox.");
    const a = stored(s);
    return withMailbox(a, deps, async (client, box) => {
      if (box.uidValidity !== ref.uidValidity)
        throw new ConnectError("This message is no longer in the mailbox.");
      const m = await readMessage(client, ref.uid, deps);
      if (!m) throw new ConnectError("This message is no longer in the mailbox.");
      return messageItems(`${box.uidValidity}/${ref.uid}`, m, deps.settings.UPLOAD_LIMIT_MB * 1024 * 1024);
    });
  },
};
