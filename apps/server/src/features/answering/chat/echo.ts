/**
 * Echo memories (spec 1 §3 `isEchoMemory`, stream `added_echo_memory`): an answer saved as a
 * memory. Its text repeats passages of the memories it cites (its origins), so a later question
 * that finds both must not read the same sentence twice (issue 41). Pure.
 */

/** What a saved answer's memory records of its turn, in `source.meta.echo_of`. */
export type EchoOf = { chat_id: string; turn_id: string; sources: string[] };

/**
 * A citation marker of a saved answer ("[2]", or the link "[[2]](/?preview=…)" the web app saves):
 * no answer should cite through an old number.
 */
const MARKER = /[ \t]?\[\[\d+\]\]\([^)\s]*\)|[ \t]?\[\d+\](?!\()/g;

/**
 * The memories an answer cites: the `[n]` markers in its text, through the turn's source id map;
 * every memory source of the turn when the text has no marker. Web results are not memories.
 */
export function citedMemories(
  answer: string,
  sourceIdMap: Record<string, string>,
  sources: { id: string; type?: string; citation?: number | null }[],
): string[] {
  const memories = new Set(sources.filter((s) => s.type !== "web_search").map((s) => s.id));
  const byNumber = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => sourceIdMap[m[1]]);
  const cited = byNumber.filter((id): id is string => Boolean(id) && memories.has(id));
  return [...new Set(cited.length ? cited : memories)];
}

/** The origins an echo memory's `meta.echo_of` names (none for any other memory). */
export function echoOrigins(echoOf: unknown): string[] {
  const sources = (echoOf as { sources?: unknown } | null | undefined)?.sources;
  return Array.isArray(sources) ? sources.filter((s): s is string => typeof s === "string") : [];
}

/**
 * The hits an answer reads: an echo memory's passages are dropped when one of its origins is
 * among the hits (the original passage is cited instead of its copy); an echo memory kept (its
 * origins were not found) loses its old citation markers, so it is cited by its own number only.
 */
export function withoutEchoDuplicates<H extends { sourceId: string; text: string }>(
  hits: H[],
  originsOf: (sourceId: string) => string[],
): H[] {
  const found = new Set(hits.map((h) => h.sourceId));
  return hits.flatMap((h) => {
    const origins = originsOf(h.sourceId);
    if (!origins.length) return [h];
    if (origins.some((o) => o !== h.sourceId && found.has(o))) return [];
    return [{ ...h, text: h.text.replace(MARKER, "") }];
  });
}
