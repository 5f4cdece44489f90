/** Public pieces of the collections feature, for the shell, the wall and the upload panel. */
export { ExistingMemoriesPicker } from "./components/existing-memories-picker";
export { AddToCollectionDialog } from "./components/add-to-collection-dialog";
export { CreateCollectionDialog } from "./components/create-collection-dialog";
export { CollectionHeader, CollectionNotFound } from "./components/collection-header";
export { InstructionsCard } from "./components/instructions-card";
export { MembersCard } from "./components/members-card";
export { useCollection, useCollectionSources, useRemoveFromCollection } from "./hooks/use-collections";
export { CollectionsPage } from "./components/collections-page";
export { InvitationClaim } from "./components/invitation-claim";
