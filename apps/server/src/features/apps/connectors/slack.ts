import { envClient } from "../credentials.ts";
import { cloudApi, type CloudApi } from "../cloud.ts";
import { splitResultId } from "./result-id.ts";
import { ConnectError, oauthAppEntry } from "./types.ts";
import type { Connector, ConnectorDeps, FetchedItem, LiveResult, StoredAccount, SyncItem } from "./types.ts";
import {
  dayMarkdown,
  dayOf,
  groupByDay,
  startOfDay,
  threadMarkdown,
  type SlackMessage,
  type SlackThread,
} from "./slack-markdown.ts";

/** Days of history a channel's first sync reads. */
export const FIRST_SYNC_DAYS = 30;
/** Days re-read on every later sync: new replies to recent threads, edits and deletions show there. */
export const LOOKBACK_DAYS = 7;
/** Top-level messages read of one channel per sync at most. */
const MAX_MESSAGES_PER_CHANNEL = 2000;
/** Channels synced per account at most. */
export const MAX_CHANNELS = 50;
/** Replies read of one thread at most. */
const MAX_REPLIES = 1000;
const MAX_MARKDOWN = 200_000;

/** The read-only user scopes asked for (docs.slack.dev/reference/scopes). */
export const SLACK_USER_SCOPES = [
  "channels:read",
  "channels:history",
  "groups:read",
  "groups:history",
  "search:read",
  "users:read",
];

/** Slack's error codes meaning the token is no good any more: the user must connect again. */
const REAUTH_ERRORS = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
  "no_permission",
  "missing_scope",
]);

type Channel = { id: string; name: string; is_private?: boolean; is_archived?: boolean };
type Paged = { ok: boolean; error?: string; response_metadata?: { next_cursor?: string } };

type Api = CloudApi & { base: string };

function slackApi(account: StoredAccount, deps: ConnectorDeps): Api {
  return {
    ...cloudApi(slackConnector, account, deps),
    base: new URL("api/", deps.settings.SLACK_URL.replace(/\/?$/, "/")).href,
  };
}

/**
 * One Web API method (GET with query arguments). Slack answers 200 with `ok: false` and an error
 * code for most failures: a dead token asks for Reconnect, anything else is shown as is.
 */
async function call<T extends Paged>(
  x: Api,
  method: string,
  args: Record<string, string | number>,
): Promise<T> {
  const q = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
  const body = await x.json<T>(new URL(`${method}?${q}`, x.base));
  if (!body.ok) {
    const code = body.error ?? "unknown_error";
    if (REAUTH_ERRORS.has(code))
      throw new ConnectError("Slack refused the sign-in. Reconnect the account.", true, 401);
    if (code === "channel_not_found" || code === "thread_not_found")
      throw new ConnectError(`Slack: ${code}.`, false, 404);
    throw new ConnectError(`Slack answered with an error (${code}).`);
  }
  return body;
}

/** Every page of a cursor-paginated method, up to `max` entries. */
async function paged<T>(
  x: Api,
  method: string,
  args: Record<string, string | number>,
  field: string,
  max: number,
): Promise<T[]> {
  const out: T[] = [];
  let cursor = "";
  do {
    const page = await call<Paged & Record<string, unknown>>(x, method, {
      ...args,
      ...(cursor ? { cursor } : {}),
    });
    out.push(...((page[field] as T[] | undefined) ?? []));
    cursor = page.response_metadata?.next_cursor ?? "";
  } while (cursor && out.length < max);
  return out.slice(0, max);
}

/** The channels a user is in (public and private), for the default choice and the chooser. */
async function memberChannels(x: Api): Promise<Channel[]> {
  const channels = await paged<Channel>(
    x,
    "users.conversations",
    { types: "public_channel,private_channel", exclude_archived: "true", limit: 200 },
    "channels",
    1000,
  );
  return channels.sort((a, b) => a.name.localeCompare(b.name));
}

/** Users' display names, each looked up once per run. */
function nameBook(x: Api) {
  const names = new Map<string, string>();
  return {
    names,
    async learn(messages: SlackMessage[]) {
      for (const id of new Set(messages.map((m) => m.user).filter((u): u is string => !!u))) {
        if (names.has(id) || names.size >= 500) continue;
        try {
          const { user } = await call<
            Paged & {
              user: {
                name?: string;
                real_name?: string;
                profile?: { display_name?: string; real_name?: string };
              };
            }
          >(x, "users.info", { user: id });
          names.set(
            id,
            user.profile?.display_name || user.profile?.real_name || user.real_name || user.name || id,
          );
        } catch (err) {
          if (err instanceof ConnectError && err.reauth) throw err;
          names.set(id, id);
        }
      }
    },
  };
}

async function replies(x: Api, channel: string, ts: string): Promise<SlackMessage[]> {
  const all = await paged<SlackMessage>(
    x,
    "conversations.replies",
    { channel, ts, limit: 200 },
    "messages",
    MAX_REPLIES,
  );
  return all.filter((m) => m.ts !== ts);
}

/** A channel's top-level messages since `oldest` (seconds), each with its thread. */
async function channelThreads(x: Api, channel: string, oldest: number): Promise<SlackThread[]> {
  const history = await paged<SlackMessage>(
    x,
    "conversations.history",
    { channel, oldest: oldest.toFixed(6), limit: 200, inclusive: "true" },
    "messages",
    MAX_MESSAGES_PER_CHANNEL,
  );
  const threads: SlackThread[] = [];
  for (const m of history) {
    // A reply also sent to the channel is shown in its thread, not twice.
    if (m.thread_ts && m.thread_ts !== m.ts) continue;
    threads.push({ parent: m, replies: (m.reply_count ?? 0) > 0 ? await replies(x, channel, m.ts) : [] });
  }
  return threads;
}

type ChannelCursor = { synced_to: number; days: string[] };

const keyOf = (channel: string, day: string) => `slack/${channel}/${day}`;

/** The chosen channels of an account (its settings), or null for "the channels I am in". */
export function chosenChannels(config: Record<string, unknown>): string[] | null {
  return Array.isArray(config.channels)
    ? (config.channels as unknown[]).filter((c): c is string => typeof c === "string")
    : null;
}

const resultId = (accountId: string, channel: string, ts: string) => `${accountId}:${channel}:${ts}`;

export const parseSlackId = (id: string) =>
  splitResultId(id, { channel: "[A-Z0-9]{1,40}", ts: String.raw`\d{1,12}\.\d{1,8}` });

/** The operator's OAuth client of Slack (the environment). */
const slackClient = envClient("SLACK", "the operator adds a Slack app");

/**
 * Slack over OAuth 2 (v2, user token with read-only user scopes): the channels the user chooses
 * (by default the ones they are in) become one memory per channel and day, each thread kept with
 * its parent message. A sync reads history since the last one (`oldest`), re-reading the last
 * LOOKBACK_DAYS so late replies, edits and deletions show; a day left empty is removed.
 */
export const slackConnector: Connector = {
  id: "slack",
  name: "Slack",
  description: "Conversations of the channels you choose, threads kept together.",
  ...oauthAppEntry,
  rank: 9,
  domains: ["slack.com"],
  capabilities: ["sync", "search", "content", "choose"],
  choices: {
    label: "Channels",
    async list(account, deps) {
      return (await memberChannels(slackApi(account, deps))).map((c) => ({
        id: c.id,
        name: `#${c.name}`,
        detail: c.is_private ? "Private channel" : "Channel",
      }));
    },
    read: chosenChannels,
    write: (config, chosen) => {
      const { channels: _old, ...rest } = config;
      void _old;
      return chosen === null ? rest : { ...rest, channels: chosen };
    },
  },
  oauth: {
    unconfigured: slackClient.unconfigured,
    endpoints: (s) => {
      const base = s.SLACK_URL.replace(/\/?$/, "/");
      return {
        authorize: new URL("oauth/v2/authorize", base).href,
        token: new URL("api/oauth.v2.access", base).href,
        ...slackClient.client(s),
        // No bot scopes: Mnemo reads as the user, with the user's own (read-only) scopes.
        scopes: [],
        authorizeParams: { user_scope: SLACK_USER_SCOPES.join(",") },
        ...(s.SLACK_REDIRECT_URL ? { redirectUri: s.SLACK_REDIRECT_URL } : {}),
      };
    },
    readTokens(data) {
      // A user token comes under authed_user; a refresh (token rotation) answers at the top level.
      const user = (data.authed_user ?? {}) as Record<string, unknown>;
      const src = typeof user.access_token === "string" ? user : data;
      if (data.ok === false || typeof src.access_token !== "string") throw new Error("no user token");
      return {
        access_token: src.access_token,
        ...(typeof src.refresh_token === "string" ? { refresh_token: src.refresh_token } : {}),
        ...(typeof src.expires_in === "number" ? { expires_in: src.expires_in } : {}),
      };
    },
    async identify(token, deps) {
      const x = slackApi({ id: "", config: {}, cursor: null, secret: { access_token: token } }, deps);
      const me = await call<
        Paged & { url?: string; team?: string; user?: string; team_id?: string; user_id?: string }
      >(x, "auth.test", {});
      return {
        externalId: `${me.team_id ?? ""}:${me.user_id ?? ""}`,
        title: me.team ? `${me.team} (Slack)` : "Slack",
        userName: me.user ?? null,
        orgName: me.team ?? null,
        orgUrl: me.url ?? null,
        config: { team_id: me.team_id ?? null, user_id: me.user_id ?? null },
      };
    },
  },

  async sync(account, deps) {
    const x = slackApi(account, deps);
    const chosen = chosenChannels(account.config);
    // One client per run: a token it refreshes is the one every later call uses.
    const member = await memberChannels(x);
    const channels = (chosen ? member.filter((c) => chosen.includes(c.id)) : member).slice(0, MAX_CHANNELS);
    const previous = (account.cursor?.channels ?? {}) as Record<string, ChannelCursor>;
    const now = Date.now() / 1000;
    const book = nameBook(x);
    const items: SyncItem[] = [];
    const removed: string[] = [];
    const next: Record<string, ChannelCursor> = {};
    for (const ch of channels) {
      const before = previous[ch.id];
      // Whole days only: a day's memory is rewritten from all of its messages.
      const oldest = startOfDay(
        before ? Math.min(before.synced_to, now) - LOOKBACK_DAYS * 86_400 : now - FIRST_SYNC_DAYS * 86_400,
      );
      const threads = await channelThreads(x, ch.id, oldest);
      const days = groupByDay(threads);
      await book.learn(threads.flatMap((t) => [t.parent, ...t.replies]));
      for (const [day, dayThreads] of days) {
        items.push({
          kind: "file",
          key: keyOf(ch.id, day),
          title: `#${ch.name} · ${day}`,
          description: `Slack · #${ch.name}`,
          markdown: dayMarkdown(ch.name, day, dayThreads, book.names).slice(0, MAX_MARKDOWN),
        });
      }
      // A day in the re-read window that had messages and has none now: all of them were deleted.
      const windowStart = dayOf(String(oldest));
      for (const day of before?.days ?? [])
        if (day >= windowStart && !days.has(day)) removed.push(keyOf(ch.id, day));
      next[ch.id] = { synced_to: now, days: [...days.keys()].sort() };
    }
    // A channel no longer chosen keeps its memories (the user removes the account to delete them).
    return { items, removed, cursor: { channels: next } };
  },

  async liveSearch(account, query, limit, deps) {
    const x = slackApi(account, deps);
    type Match = {
      ts: string;
      text?: string;
      user?: string;
      username?: string;
      permalink?: string;
      channel?: { id?: string; name?: string };
    };
    const res = await call<Paged & { messages?: { matches?: Match[] } }>(x, "search.messages", {
      query,
      count: Math.min(Math.max(limit, 1), 100),
      sort: "timestamp",
      sort_dir: "desc",
    });
    return (res.messages?.matches ?? [])
      .filter((m) => m.channel?.id)
      .slice(0, limit)
      .map((m): LiveResult => ({
        id: resultId(account.id, m.channel!.id!, threadOf(m.permalink) ?? m.ts),
        subject: `#${m.channel?.name ?? m.channel!.id} · ${m.username ?? m.user ?? ""}`.trim(),
        text: (m.text ?? "").slice(0, 400),
        url: m.permalink ?? null,
        timestamp: Math.floor(Number(m.ts)),
        attachments: [],
        misc: { type: "message", channel: m.channel?.name ?? null },
      }));
  },

  async fetchItem(account, itemId, deps): Promise<FetchedItem> {
    const ref = parseSlackId(itemId);
    if (!ref || ref.accountId !== account.id)
      throw new ConnectError("This message is not in this Slack workspace.");
    const x = slackApi(account, deps);
    const all = await paged<SlackMessage>(
      x,
      "conversations.replies",
      { channel: ref.channel, ts: ref.ts, limit: 200 },
      "messages",
      MAX_REPLIES,
    );
    const parent = all.find((m) => m.ts === ref.ts) ?? all[0];
    if (!parent) throw new ConnectError("This message is no longer in Slack.");
    const info = await call<Paged & { channel?: Channel }>(x, "conversations.info", {
      channel: ref.channel,
    }).catch(() => undefined);
    const name = info?.channel?.name ?? ref.channel;
    const book = nameBook(x);
    await book.learn(all);
    const thread = { parent, replies: all.filter((m) => m !== parent) };
    return {
      note: {
        kind: "file",
        key: `slack/${ref.channel}/thread/${parent.ts}`,
        title: `#${name} · ${dayOf(parent.ts)} · thread`,
        description: `Slack · #${name}`,
        markdown: threadMarkdown(name, thread, book.names).slice(0, MAX_MARKDOWN),
      },
      files: [],
    };
  },
};

/** The thread a search match belongs to, from its permalink (…?thread_ts=…). */
function threadOf(permalink: string | undefined): string | undefined {
  if (!permalink) return undefined;
  try {
    return new URL(permalink).searchParams.get("thread_ts") ?? undefined;
  } catch {
    return undefined;
  }
}
