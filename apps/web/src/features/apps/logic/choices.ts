import type { SyncChoice } from "@mnemo/contracts";

/** The chooser's state: everything (the default, new items included) or exactly the picked ids. */
export type ChoiceState = { all: boolean; picked: string[] };

export function initialChoice(r: { chosen_all: boolean; items: SyncChoice[] }): ChoiceState {
  return { all: r.chosen_all, picked: r.items.filter((i) => i.chosen).map((i) => i.id) };
}

/** Items whose name or detail contains the filter (case-insensitive); all of them for an empty one. */
export function filterChoices(items: SyncChoice[], filter: string): SyncChoice[] {
  const q = filter.trim().toLowerCase();
  if (!q) return items;
  return items.filter((i) => i.name.toLowerCase().includes(q) || i.detail.toLowerCase().includes(q));
}

export function toggleChoice(state: ChoiceState, id: string): ChoiceState {
  const picked = state.picked.includes(id) ? state.picked.filter((x) => x !== id) : [...state.picked, id];
  return { all: false, picked };
}

/** What is sent: null for everything, else the picked ids; undefined when nothing is picked (not savable). */
export function choicePayload(state: ChoiceState): string[] | null | undefined {
  if (state.all) return null;
  return state.picked.length ? state.picked : undefined;
}
