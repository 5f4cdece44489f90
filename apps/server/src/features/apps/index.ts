/** The connected-apps feature's public face for other features: which apps a user has, and the catalogue. */
export { connectedAppIds } from "./repo.ts";
export { findConnector } from "./registry.ts";
