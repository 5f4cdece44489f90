/**
 * Slack conversations as Markdown (pure): messages of the Web API (docs.slack.dev/reference/objects/
 * message-object) grouped into one memory per channel and day, each thread kept with its parent.
 */

export type SlackMessage = {
  ts: string;
  text?: string;
  user?: string;
  username?: string;
  bot_id?: string;
  subtype?: string;
  thread_ts?: string;
  reply_count?: number;
  latest_reply?: string;
  files?: { name?: string; title?: string }[];
};

/** A top-level message with its replies (oldest first). */
export type SlackThread = { parent: SlackMessage; replies: SlackMessage[] };

/** The UTC day of a Slack timestamp ("1732406400.000100" → "2024-11-24"). */
export const dayOf = (ts: string) => new Date(Number(ts) * 1000).toISOString().slice(0, 10);

/** Seconds of a Slack timestamp at the start of its UTC day. */
export const startOfDay = (seconds: number) => Math.floor(seconds / 86_400) * 86_400;

const time = (ts: string) => new Date(Number(ts) * 1000).toISOString().slice(11, 16);

/** Slack's mrkdwn references as plain text: <@U1> → @name, <#C1|general> → #general, <url|label> → [label](url). */
export function slackText(text: string, names: Map<string, string>): string {
  return text
    .replace(
      /<@([A-Z0-9]+)(?:\|([^>]+))?>/g,
      (_, id: string, label?: string) => `@${label ?? names.get(id) ?? id}`,
    )
    .replace(/<#([A-Z0-9]+)\|([^>]*)>/g, (_, _id: string, name: string) => `#${name}`)
    .replace(/<!(here|channel|everyone)>/g, "@$1")
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, "[$2]($1)")
    .replace(/<(https?:[^>]+)>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function line(m: SlackMessage, names: Map<string, string>): string {
  const who = (m.user && names.get(m.user)) || m.username || m.user || "unknown";
  if (m.subtype === "tombstone") return `**${time(m.ts)}** (message deleted)`;
  const files = (m.files ?? []).map((f) => f.name ?? f.title).filter(Boolean);
  const text = slackText(m.text ?? "", names).trim();
  return `**${who}** ${time(m.ts)}: ${text}${files.length ? ` [files: ${files.join(", ")}]` : ""}`;
}

/** One channel's day as Markdown: each message in order, its thread's replies quoted under it. */
export function dayMarkdown(
  channel: string,
  day: string,
  threads: SlackThread[],
  names: Map<string, string>,
): string {
  const body = threads
    .slice()
    .sort((a, b) => Number(a.parent.ts) - Number(b.parent.ts))
    .map((t) =>
      [
        line(t.parent, names),
        ...t.replies
          .slice()
          .sort((a, b) => Number(a.ts) - Number(b.ts))
          .map((r) => `> ${line(r, names)}`),
      ].join("\n"),
    );
  return [`# #${channel} · ${day}`, ...body].join("\n\n");
}

/** A thread (or one message) as Markdown, for a live result saved as a memory. */
export function threadMarkdown(channel: string, thread: SlackThread, names: Map<string, string>): string {
  return [
    `# #${channel} · ${dayOf(thread.parent.ts)}`,
    line(thread.parent, names),
    ...thread.replies.map((r) => `> ${line(r, names)}`),
  ].join("\n\n");
}

/**
 * Groups a channel's top-level messages (with their replies) by UTC day. A deleted parent whose
 * thread has no replies left is dropped; one with replies stays as a tombstone so they stay together.
 */
export function groupByDay(threads: SlackThread[]): Map<string, SlackThread[]> {
  const days = new Map<string, SlackThread[]>();
  for (const t of threads) {
    if (t.parent.subtype === "tombstone" && t.replies.length === 0) continue;
    const day = dayOf(t.parent.ts);
    days.set(day, [...(days.get(day) ?? []), t]);
  }
  return days;
}
