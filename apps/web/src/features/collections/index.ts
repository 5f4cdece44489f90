/** Public pieces of the collections feature, for the shell, the wall and the upload panel. */
export { ExistingMemoriesPicker } from "./components/existing-memories-picker";
export { AddToCollectionDialog } from "./components/add-to-collection-dialog";
export { CreateCollectionDialog } from "./components/create-collection-dialog";
