/** The access-tokens feature's public face: checking a personal access token and what it grants. */
export { verifyToken, type TokenGrant } from "./service.ts";
