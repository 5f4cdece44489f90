/** The organisations feature's public face for other features: memberships and sharing with an organisation. */
export { membershipsOf } from "./repo.ts";
export { shareCollection } from "./service.ts";
