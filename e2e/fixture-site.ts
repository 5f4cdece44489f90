/**
 * TEST ONLY: the local https fixture website for the capture e2e test, on a fixed port, with its
 * throw-away CA copied to a fixed path. Playwright starts it (webServer) before the Mnemo server,
 * which trusts that CA (FETCH_EXTRA_CA) and may reach 127.0.0.1 (FETCH_ALLOW_HOSTS).
 */
import fs from "node:fs";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { startFixtureSite } from "../apps/server/src/test/fixtures/sites/server.ts";
import { startGitHubPeer } from "../apps/server/src/test/fixtures/github/peer.ts";
import { rfc822, startDovecot } from "../apps/server/src/test/fixtures/imap/dovecot.ts";
import { startTranscriptionPeer } from "../apps/server/src/test/transcription-peer.ts";
import { startOAuthProvider } from "../apps/server/src/test/oauth-provider.ts";
import { seedDrive, startGooglePeer } from "../apps/server/src/test/fixtures/google/peer.ts";
import { textPdf } from "../apps/server/src/test/fixtures/text-pdf.ts";
import {
  fixtureCaPath,
  fixturePort,
  githubApiOrigin,
  googleApiOrigin,
  googleOAuthOrigin,
  imapPort,
  imapUser,
  meetingSentence,
  oauthOrigin,
  transcriptionOrigin,
} from "./fixture-site-config.ts";
// The agents spec's scripted model and SMTP peer.
import "./agents-fixture.ts";
// The organisations spec's OpenID Provider.
import "./orgs-fixture.ts";
// The sync ledger spec's WebDAV server (rclone).
import "./webdav-fixture.ts";

const site = await startFixtureSite({ port: fixturePort });
// The feed the connected-apps test subscribes to (e2e/apps.spec.ts).
site.feeds.set("e2e", [
  { id: "e2e-1", title: "The Sourdough Starter Handbook", path: "/articles/sourdough", summary: "Starters." },
  { id: "e2e-2", title: "Backyard Astronomy for Beginners", path: "/articles/astronomy", summary: "Stars." },
]);
fs.copyFileSync(site.caPath, fixtureCaPath);
console.log(`fixture site on ${site.origin}, CA at ${fixtureCaPath}`);

// GitHub for the connected-apps test: a real OAuth 2 server on GitHub's paths and a REST peer that
// accepts exactly the tokens it issued.
const oauth = new OAuth2Server(undefined, undefined, {
  endpoints: { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token" },
});
await oauth.issuer.keys.generate("RS256");
await oauth.start(Number(new URL(oauthOrigin).port), "127.0.0.1");
const github = await startGitHubPeer("octo-ada", Number(new URL(githubApiOrigin).port));
oauth.service.on(Events.BeforeResponse, (response: { body: unknown }) => {
  const token = (response.body as { access_token?: string }).access_token;
  if (token) github.validTokens.add(token);
});
github.repos = [
  {
    name: "tides",
    readme: "# Tides\n\nSpring tides come with the full and new moon; neap tides at the quarters.",
    updated_at: "2026-11-01T00:00:00Z",
    issues: [
      {
        number: 1,
        title: "Tide table is off by an hour",
        body: "Daylight saving.",
        state: "open",
        updated_at: "2026-11-01T00:00:00Z",
      },
    ],
  },
];

// Google for the cloud-apps test (e2e/cloud-apps.spec.ts): Google's OAuth paths on the real OAuth 2
// server library, and the Drive v3 / Gmail v1 peer accepting exactly the tokens it issued.
const googleOAuth = await startOAuthProvider(
  { authorize: "/o/oauth2/v2/auth", token: "/token" },
  Number(new URL(googleOAuthOrigin).port),
);
const google = await startGooglePeer("ada@example.org", Number(new URL(googleApiOrigin).port));
google.validTokens = googleOAuth.validTokens;
seedDrive(google, {
  pdf: textPdf([["Harbour annual report", "Dredging of the outer channel finished in March."]]),
  docx: fs.readFileSync(new URL("../apps/server/src/test/fixtures/files/sample.docx", import.meta.url)),
});
// One Gmail message for the App search modal's apps filter (Drive and Gmail searched at once).
google.addMessage({
  subject: "Neap tide warning",
  text: "Expect neap tides this week: the moorings by the slipway stay shallow.",
});

// Mail for the connected-apps test: a real IMAP server (dovecot) with a small mailbox.
const imap = await startDovecot({ [imapUser.user]: imapUser.password }, { port: imapPort });
const letter = (subject: string, text: string) =>
  rfc822({ from: "Rosa Ranger <rosa@coast.example>", to: imapUser.email, subject, text });
await imap.append(
  imapUser.user,
  imapUser.password,
  letter("Walrus convention", "The walrus convention meets at the pier on Thursday at noon."),
);
await imap.append(
  imapUser.user,
  imapUser.password,
  letter("Garden club", "Bring tomato seedlings to the garden club."),
);

// Transcription for the recording test: a local peer speaking the OpenAI audio/transcriptions API.
// It cannot recognise speech: it answers the sentence the test's espeak-ng recording speaks.
const transcription = await startTranscriptionPeer({
  port: Number(new URL(transcriptionOrigin).port),
  text: () => meetingSentence,
});

const stop = () =>
  void Promise.all([
    site.close(),
    github.close(),
    oauth.stop(),
    google.close(),
    googleOAuth.close(),
    imap.close(),
    transcription.close(),
  ]).then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
