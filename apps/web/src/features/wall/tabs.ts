export const wallTabs = [
  { id: "everything", label: "Everything" },
  { id: "mindmap", label: "Mind map" },
  { id: "canvas", label: "Canvas" },
  { id: "pages", label: "Pages" },
  { id: "shared", label: "Shared" },
] as const;

export type WallTab = (typeof wallTabs)[number]["id"];

/** The memory tab from the `tab` query parameter; anything unknown means everything (spec 2 §2). */
export function parseWallTab(value: string | null): WallTab {
  return wallTabs.find((t) => t.id === value)?.id ?? "everything";
}
