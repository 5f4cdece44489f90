/**
 * What another app shared into Mnemo (the Web App Manifest's share_target). The service worker
 * receives the POST, keeps its fields and files in the `mnemo-share-inbox` cache and opens
 * `/?shared`; a GET share (`/?shared&url=…&text=…&title=…`) carries them in the address.
 */
export type SharedContent = { title: string; text: string; url: string; files: File[] };

export const SHARE_INBOX = "mnemo-share-inbox";
const META = "/share-inbox/meta";

/** Reads and empties the inbox, merged with the address's fields. */
export async function takeSharedContent(search: string): Promise<SharedContent> {
  const q = new URLSearchParams(search);
  const out: SharedContent = {
    title: q.get("title") ?? "",
    text: q.get("text") ?? "",
    url: q.get("url") ?? "",
    files: [],
  };
  if (typeof caches === "undefined") return out;
  try {
    const cache = await caches.open(SHARE_INBOX);
    const meta = await cache.match(META);
    if (!meta) return out;
    const m = (await meta.json()) as {
      title?: string;
      text?: string;
      url?: string;
      files?: { key: string; name: string; type: string }[];
    };
    out.title ||= m.title ?? "";
    out.text ||= m.text ?? "";
    out.url ||= m.url ?? "";
    for (const f of m.files ?? []) {
      const res = await cache.match(f.key);
      if (res) out.files.push(new File([await res.blob()], f.name, { type: f.type }));
      await cache.delete(f.key);
    }
    await cache.delete(META);
  } catch {
    // No cache access (private mode): what the address carries is all there is.
  }
  return out;
}

/**
 * Empties the inbox (on sign-out): a share nobody landed yet is the user's content and must not
 * reach whoever signs in next on this browser. The offline shell stays (it holds no user data).
 */
export async function emptyShareInbox(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(SHARE_INBOX).catch(() => undefined);
}

export type SharePlan =
  | { kind: "files"; files: File[]; note: { title: string; text: string } | null }
  | { kind: "text"; title: string; text: string }
  | { kind: "link"; link: string }
  | { kind: "nothing" };

const urlOnly = /^\s*(https?:\/\/\S+)\s*$/i;
const anyUrl = /https?:\/\/\S+/i;
const squash = (t: string) =>
  t
    .replace(/[\s\p{P}]+/gu, " ")
    .trim()
    .toLowerCase();

/**
 * What to save from a share (spec 3 §5): files (with any text as a note), else text, else the link.
 * A shared file or text skips the link flow; a text that is only an address, or an address with
 * its page's title (phones send the title and the address as the text, issue 41), is a link.
 */
export function planShare(s: SharedContent): SharePlan {
  const text = s.text.trim();
  if (s.files.length)
    return { kind: "files", files: s.files, note: text ? { title: s.title.trim(), text } : null };
  const link = s.url.trim() || urlOnly.exec(text)?.[1] || anyUrl.exec(text)?.[0] || "";
  const rest = squash(link ? text.split(link).join(" ").replace(anyUrl, " ") : text);
  const onlyTheLink = link && (!rest || rest === squash(s.title));
  if (text && !onlyTheLink)
    return { kind: "text", title: s.title.trim(), text: s.url ? `${text}\n\n${s.url}` : text };
  if (link) return { kind: "link", link };
  return { kind: "nothing" };
}
