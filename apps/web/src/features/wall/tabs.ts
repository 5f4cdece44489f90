import { constants, wallTabs as contractTabs, type WallTab } from "@mnemo/contracts";

export type { WallTab };

/** The wall's tabs in the order shown, with their labels: every tab of the contracts, once. */
const tabLabels: Record<WallTab, string> = {
  everything: "Everything",
  pinned: "Pinned",
  pages: "Pages",
  shared: "Shared",
  mindmap: "Mind map",
  canvas: "Canvas",
};

export const wallTabs = Object.entries(tabLabels).map(([id, label]) => ({ id: id as WallTab, label }));

/** Tabs that list memories from the server (the mind map draws them as a graph instead). */
export const listedTabs: readonly WallTab[] = ["everything", "pinned", "pages", "shared", "canvas"];

/** The memory tab from the `tab` query parameter; anything unknown means everything (spec 2 §2). */
export function parseWallTab(value: string | null): WallTab {
  return contractTabs.find((t) => t === value) ?? constants.memories.defaultTab;
}
