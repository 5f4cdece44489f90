import os from "node:os";
import path from "node:path";

/** Where the e2e fixture site listens and where its test-only CA is written. */
export const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 3102);
export const fixtureOrigin = `https://127.0.0.1:${fixturePort}`;
export const fixtureCaPath = path.join(os.tmpdir(), `mnemo-e2e-fixture-ca-${fixturePort}.pem`);

/** The OAuth 2 server (oauth2-mock-server, GitHub's paths) and the GitHub REST peer of the apps test. */
export const oauthOrigin = `http://127.0.0.1:${fixturePort + 20}`;
export const githubApiOrigin = `http://127.0.0.1:${fixturePort + 21}`;

/** The local server speaking the OpenAI audio/transcriptions API (recording spec), and what it "hears". */
export const transcriptionOrigin = `http://127.0.0.1:${fixturePort + 22}`;
export const meetingSentence =
  "The launch of the harbour app moves to March. Dana owns the payment tests. The budget for March is approved.";
/** A second Mnemo server without a transcription provider (recording spec). */
export const noProviderPort = fixturePort + 23;
