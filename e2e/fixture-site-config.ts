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
/** A second Mnemo server without a transcription provider (recording spec). */
export const noProviderPort = fixturePort + 27;
