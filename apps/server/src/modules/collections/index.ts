export { collectionRoutes } from "./routes.ts";
