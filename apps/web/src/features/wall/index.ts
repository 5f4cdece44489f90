/** Public pieces of the memory wall, for the app's screens (the wall and a collection's memories). */
export { WallPage } from "./components/wall-page";
export { MemoryGrid } from "./components/memory-grid";
export { DeleteMemoriesDialog } from "./components/delete-dialog";
export { useWallActions } from "./hooks/use-wall-actions";
