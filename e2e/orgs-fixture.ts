/**
 * TEST ONLY: the organisations e2e's OpenID Provider (oidc-provider on a fixed port) with one
 * person of each project's organisation domain, who has no Mnemo account yet.
 */
import { startOidcPeer } from "../apps/server/src/test/oidc-peer.ts";
import { oidcOrigin, orgsByProject, orgsOrigin } from "./fixture-site-config.ts";

const idp = await startOidcPeer({
  redirectUri: `${orgsOrigin}/api/sso/callback`,
  port: Number(new URL(oidcOrigin).port),
});
for (const { person } of Object.values(orgsByProject)) idp.accounts.set(person.email, person);
console.log(`orgs fixture: OpenID Provider ${idp.issuer} (client ${idp.clientId})`);
