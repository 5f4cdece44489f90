/**
 * The recording a meeting page links to (issue 18: the page ends with "Recording: [name](/?preview=id)",
 * the audio kept as a memory of its own), read from the page's Markdown; null when it has none.
 * The first such link wins (a page holds one recording per insertion; the first is the meeting).
 */
export function recordingIdOf(markdown: string | null | undefined): string | null {
  const m = /(?:^|\n)\s*Recording:\s*\[[^\]\n]*\]\(\/\?preview=([^)\s&#]+)\)/.exec(markdown ?? "");
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}
