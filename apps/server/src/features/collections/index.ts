/** The collections feature's public face for other features: listing, sharing and grants. */
export { listCollections, share } from "./service.ts";
export { countOwned, findReadableCollection, grantsOf, lockOwnerCollections } from "./repo.ts";
export type { InvitationDeps } from "./invitations.ts";
export { requireCollectionAccess } from "./access.ts";
