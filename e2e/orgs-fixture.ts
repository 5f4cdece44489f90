/**
 * TEST ONLY: the organisations e2e's OpenID Provider (oidc-provider on a fixed port) with one
 * person of the organisation's domain, who has no Mnemo account yet.
 */
import { startOidcPeer } from "../apps/server/src/test/oidc-peer.ts";
import { oidcOrigin, orgsOrigin, ssoPerson } from "./fixture-site-config.ts";

const idp = await startOidcPeer({
  redirectUri: `${orgsOrigin}/api/sso/callback`,
  port: Number(new URL(oidcOrigin).port),
});
idp.accounts.set(ssoPerson.email, ssoPerson);
console.log(`orgs fixture: OpenID Provider ${idp.issuer} (client ${idp.clientId})`);
