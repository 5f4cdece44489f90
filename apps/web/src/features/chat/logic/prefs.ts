/**
 * Local preferences of the chat (spec 1 §3, spec 3 §3 local storage keys): selectedLLM (global and
 * per collection), selectedIntegrations, searchModes and the draft prompt survive a reload.
 */
export type SelectedLlm = { global: string | null; collections: Record<string, string> };

function read<T>(key: string, fallback: T, valid: (v: unknown) => v is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const v: unknown = JSON.parse(raw);
    return valid(v) ? v : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the preference lives for this page only
  }
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isSelectedLlm = (v: unknown): v is SelectedLlm =>
  typeof v === "object" &&
  v !== null &&
  "collections" in v &&
  typeof (v as SelectedLlm).collections === "object";
const isString = (v: unknown): v is string => typeof v === "string";

export const chatPrefs = {
  selectedLlm: (collectionId?: string | null): string | null => {
    const v = read<SelectedLlm>("selectedLLM", { global: null, collections: {} }, isSelectedLlm);
    return (collectionId && v.collections[collectionId]) || v.global;
  },
  setSelectedLlm(id: string, collectionId?: string | null) {
    const v = read<SelectedLlm>("selectedLLM", { global: null, collections: {} }, isSelectedLlm);
    write(
      "selectedLLM",
      collectionId ? { ...v, collections: { ...v.collections, [collectionId]: id } } : { ...v, global: id },
    );
  },
  searchModes: (): string[] => read("searchModes", [], isStringList),
  setSearchModes: (modes: string[]) => write("searchModes", modes),
  selectedIntegrations: (): string[] => read("selectedIntegrations", [], isStringList),
  setSelectedIntegrations: (ids: string[]) => write("selectedIntegrations", ids),
  prompt: (): string => read("prompt", "", isString),
  setPrompt: (p: string) => write("prompt", p),
  /** The session ended: the unsent question (the user's own text) does not outlive it. */
  forgetPrompt: () => write("prompt", ""),
};
