import os from "node:os";
import path from "node:path";

/** Where the e2e fixture site listens and where its test-only CA is written. */
export const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 3102);
export const fixtureOrigin = `https://127.0.0.1:${fixturePort}`;
export const fixtureCaPath = path.join(os.tmpdir(), `mnemo-e2e-fixture-ca-${fixturePort}.pem`);

/** The OAuth 2 server (oauth2-mock-server, GitHub's paths) and the GitHub REST peer of the apps test. */
export const oauthOrigin = `http://127.0.0.1:${fixturePort + 20}`;
export const githubApiOrigin = `http://127.0.0.1:${fixturePort + 21}`;

/** Google for the cloud-apps test: the OAuth 2 server on Google's paths and the Drive/Gmail peer. */
export const googleApiOrigin = `http://127.0.0.1:${fixturePort + 31}`;
export const googleOAuthOrigin = `http://127.0.0.1:${fixturePort + 37}`;

/** The IMAP server of the Mail test (dovecot, IMAPS with the fixture site's CA) and its mailbox. */
export const imapPort = fixturePort + 30;
export const imapUser = { user: "ada", password: "e2e-mail-secret", email: "ada@mail.example" };

/** The agents spec: the scripted OpenAI-style model, the SMTP peer, its inbox (JSON), and a Mnemo using them. */
export const scriptedModelOrigin = `http://127.0.0.1:${fixturePort + 22}`;
export const smtpPeerPort = fixturePort + 23;
export const inboxOrigin = `http://127.0.0.1:${fixturePort + 24}`;
export const agentsServerPort = Number(process.env.E2E_PORT ?? 3101) + 2;
export const mcpPeerPort = fixturePort + 25;

/** The local server speaking the OpenAI audio/transcriptions API (recording spec), and what it "hears". */
export const transcriptionOrigin = `http://127.0.0.1:${fixturePort + 26}`;
export const meetingSentence =
  "The launch of the harbour app moves to March. Dana owns the payment tests. The budget for March is approved.";
/**
 * A second Mnemo server without a transcription provider (recording spec), one per project so the
 * spec can run in both projects at once (workers: 2).
 */
export const noProviderPorts: Record<string, number> = {
  chromium: fixturePort + 27,
  phone: fixturePort + 28,
};

/** The organisations spec: the OpenID Provider (oidc-provider) and a Mnemo with SMTP, SSO and plan ltd_tier_5. */
export const oidcOrigin = `http://127.0.0.1:${fixturePort + 35}`;
export const orgsServerPort = fixturePort + 36;
export const orgsOrigin = `http://127.0.0.1:${orgsServerPort}`;
/**
 * The organisation the spec creates (its name and slug), the e-mail domain the operator vouches for
 * and the person of that domain, one per Playwright project: the spec runs once per project
 * against the one orgs server, and an organisation's name and a person's account exist only once.
 */
export const orgsByProject = {
  chromium: {
    name: "Initech",
    slug: "initech",
    domain: "initech-sso.example",
    person: { email: "milton@initech-sso.example", name: "Milton Waddams" },
  },
  phone: {
    name: "Initrode",
    slug: "initrode",
    domain: "initrode-sso.example",
    person: { email: "samir@initrode-sso.example", name: "Samir Nagheenanajar" },
  },
} as const;
export type OrgsFixture = (typeof orgsByProject)[keyof typeof orgsByProject];
/**
 * SSO_TRUSTED_DOMAINS of the orgs server: every project's domain = slug (the slug form: reserved,
 * and binding only to an organisation a site administrator owns; orgs.spec.ts promotes the owner).
 */
export const ssoTrustedDomains = Object.values(orgsByProject)
  .map((o) => `${o.domain}=${o.slug}`)
  .join(",");
