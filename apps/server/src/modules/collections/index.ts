export { collectionRoutes } from "./routes.ts";
export {
  canReadCollection,
  collectionRole,
  readableCollectionIdsSql,
  readableSourceIdsSql,
  requireCollectionAccess,
  type CollectionActor,
} from "./access.ts";
export {
  authorize,
  can,
  roleOf,
  policiesFor,
  type CollectionAction,
  type CollectionFacts,
} from "./policy.ts";
