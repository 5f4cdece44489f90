/**
 * Analytics seam (spec 1 §7 Vote events). Nothing is sent to an outside service: each event is a
 * `mnemo:track` DOM event on window, so an operator's script (or an e2e test) can listen without
 * the app shipping anything for it.
 */
export type TrackEvent = { name: string; props: Record<string, unknown> };

/** The DOM event type every tracked event is dispatched as (its `detail` is the TrackEvent). */
export const trackEventType = "mnemo:track";

export function track(name: string, props: Record<string, unknown> = {}) {
  window.dispatchEvent(new CustomEvent<TrackEvent>(trackEventType, { detail: { name, props } }));
}
