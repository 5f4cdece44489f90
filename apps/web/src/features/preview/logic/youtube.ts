/** The video id of a YouTube watch, short or embed link; null for anything else. */
export function youtubeId(url: string | null): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www\.|m\.)/, "");
  const id =
    host === "youtu.be"
      ? u.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? u.pathname === "/watch"
          ? u.searchParams.get("v")
          : (/^\/(embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[2] ?? null)
        : null;
  return id && /^[\w-]{6,20}$/.test(id) ? id : null;
}

/** Splits saved video Markdown into the part above the transcript and the transcript itself. */
export function splitTranscript(markdown: string): { body: string; transcript: string | null } {
  const m = /^#{1,3}\s+Transcript\s*$/im.exec(markdown);
  if (!m) return { body: markdown, transcript: null };
  return {
    body: markdown.slice(0, m.index).trim(),
    transcript: markdown.slice(m.index + m[0].length).trim() || null,
  };
}
