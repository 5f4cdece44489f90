/**
 * Analytics seam (spec 1 §7 Vote events): events go to in-page listeners only. Nothing is sent
 * to an outside service; an operator can attach one with `onTrack`.
 */
export type TrackEvent = { name: string; props: Record<string, unknown> };

const listeners = new Set<(e: TrackEvent) => void>();
const recent: TrackEvent[] = [];

export function track(name: string, props: Record<string, unknown> = {}) {
  const e = { name, props };
  recent.push(e);
  if (recent.length > 50) recent.shift();
  for (const l of listeners) l(e);
}

export function onTrack(listener: (e: TrackEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last events (for tests and the e2e run, exposed on window.__mnemoTrack). */
export function trackedEvents(): readonly TrackEvent[] {
  return recent;
}

if (typeof window !== "undefined")
  (window as unknown as { __mnemoTrack?: () => readonly TrackEvent[] }).__mnemoTrack = trackedEvents;
