import type { WallTab as ContractWallTab } from "@mnemo/contracts";

export const wallTabs = [
  { id: "everything", label: "Everything" },
  { id: "pinned", label: "Pinned" },
  { id: "pages", label: "Pages" },
  { id: "shared", label: "Shared" },
  { id: "mindmap", label: "Mind map" },
  { id: "canvas", label: "Canvas" },
] as const satisfies readonly { id: ContractWallTab; label: string }[];

export type WallTab = (typeof wallTabs)[number]["id"];

/** Tabs that list memories from the server; the others are honest "available soon" views. */
export const listedTabs: readonly WallTab[] = ["everything", "pinned", "pages", "shared"];

/** The memory tab from the `tab` query parameter; anything unknown means everything (spec 2 §2). */
export function parseWallTab(value: string | null): WallTab {
  return wallTabs.find((t) => t.id === value)?.id ?? "everything";
}
