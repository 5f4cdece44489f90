import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppSearchResponse, ConnectedAccount, GetContentResponse, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startOAuthProvider, type OAuthProvider } from "../../test/oauth-provider.ts";
import { seedDrive, startGooglePeer, type GooglePeer } from "../../test/fixtures/google/peer.ts";
import { textPdf } from "../../test/fixtures/text-pdf.ts";
import { waitUntil as waitFor } from "../../test/wait.ts";

/** Syncs and extraction run in the test's server on a shared machine: a generous bound. */
const waitUntil = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitFor(what, probe, { timeoutMs: 120_000 });

const files = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Google Drive end to end: Google's OAuth 2 (PKCE, offline access) against a real OAuth 2 server
 * (oauth2-mock-server on Google's paths) and a local peer of Drive v3 with nested folders, a shared
 * drive, Google Docs/Sheets/Slides, a PDF and a DOCX.
 */
describe.each(testDatabases())(
  "Google Drive over OAuth (%s)",
  (kind) => {
    let m: TestMnemo;
    let provider: OAuthProvider;
    let peer: GooglePeer;
    let alice: TestUser;
    let account: ConnectedAccount;

    beforeAll(async () => {
      provider = await startOAuthProvider({ authorize: "/o/oauth2/v2/auth", token: "/token" });
      peer = await startGooglePeer();
      peer.validTokens = provider.validTokens;
      seedDrive(peer, {
        pdf: textPdf([["Harbour annual report", "Dredging of the outer channel finished in March."]]),
        docx: fs.readFileSync(path.join(files, "sample.docx")),
      });
      m = await createTestMnemo(kind, {
        GOOGLE_CLIENT_ID: "mnemo-test-client.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "mnemo-test-secret",
        GOOGLE_OAUTH_URL: provider.url,
        GOOGLE_TOKEN_URL: `${provider.url}/token`,
        GOOGLE_API_URL: peer.url,
        PUBLIC_URL: "http://mnemo.test",
      });
      alice = await m.buildUser();
    }, 180_000);
    afterAll(async () => {
      await m?.close();
      await peer?.close();
      await provider?.close();
    });

    const accounts = async () =>
      (
        (await (await m.request("GET", "/api/user/get_connected_applications", { as: alice })).json()) as {
          accounts: ConnectedAccount[];
        }
      ).accounts;
    const memories = async () =>
      (
        (await (await m.request("GET", "/api/sources?page_size=100", { as: alice })).json()) as SourceList
      ).results.filter((s) => s.app === "google-drive");
    const syncNow = () => m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    /** Waits for the sync to end (idle or error) after `since` syncs were seen. */
    const settled = (what: string, test: (a: ConnectedAccount) => boolean) =>
      waitUntil(what, async () => {
        const a = (await accounts()).find((x) => x.id === account.id);
        return a && (a.sync.state === "idle" || a.sync.state === "error") && test(a) ? a : undefined;
      });
    const refreshes = () => provider.grants.filter((g) => g === "refresh_token").length;
    const content = async (id: string) =>
      JSON.stringify(await (await m.request("GET", `/api/sources/${id}/content`, { as: alice })).json());

    it("connects through Google's sign-in (PKCE, offline access, read-only scope)", async () => {
      // Tokens that expire within the refresh margin: the first sync must refresh before using one.
      provider.expiresIn = 30;
      const res = await m.request("GET", "/api/t/get_connection_link?app_name=google-drive", { as: alice });
      expect(res.status).toBe(200);
      const link = new URL(((await res.json()) as { link: string }).link);
      expect(link.origin + link.pathname).toBe(`${provider.url}/o/oauth2/v2/auth`);
      expect(link.searchParams.get("code_challenge_method")).toBe("S256");
      expect(link.searchParams.get("access_type")).toBe("offline");
      expect(link.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/drive.readonly");
      expect(link.searchParams.get("redirect_uri")).toBe("http://mnemo.test/settings?app=google-drive");
      const back = new URL((await fetch(link, { redirect: "manual" })).headers.get("location")!);
      const done = await m.request(
        "POST",
        `/api/auth/oauth_callback?app_name=google-drive&auth_code=${back.searchParams.get("code")}&state=${back.searchParams.get("state")}`,
        { as: alice },
      );
      expect(done.status).toBe(200);
      account = ((await done.json()) as { account: ConnectedAccount }).account;
      expect(account).toMatchObject({
        app_name: "google-drive",
        title: "ada@example.org",
        user_name: "Ada Lovelace",
      });
      provider.expiresIn = null;
    });

    it("first sync: Docs, Sheets, Slides exported; the PDF and DOCX read by the extractors; folders and the shared drive named", async () => {
      await settled("first Drive sync", (a) => a.sync.items_synced === 5);
      // The stored token was about to expire: refreshed once, and the new one kept for later.
      expect(refreshes()).toBe(1);
      const list = await waitUntil("Drive memories indexed", async () => {
        const l = await memories();
        return l.length === 5 && l.every((s) => s.meta.status === "success") && l;
      });
      expect(list.map((s) => s.title).sort()).toEqual([
        "Annual report.pdf",
        "Crew briefing",
        "Handbook.docx",
        "Mooring fees",
        "Tide notes",
      ]);
      const doc = list.find((s) => s.title === "Tide notes")!;
      expect(await content(doc.id)).toContain("neap tides fall at the quarters");
      expect(JSON.stringify(doc)).toContain("Projects / Tides");
      expect(await content(list.find((s) => s.title === "Mooring fees")!.id)).toContain("| A1 | 120 |");
      expect(await content(list.find((s) => s.title === "Annual report.pdf")!.id)).toContain("outer channel");
      expect(
        peer.requests.some((r) => r.includes("corpora=allDrives") && r.includes("supportsAllDrives=true")),
      ).toBe(true);
    });

    it("the next sync reads only Drive's changes: an edit re-indexed, deleted and trashed files removed", async () => {
      const before = peer.requests.length;
      peer.putFile({
        id: "doc-tides",
        name: "Tide notes",
        mimeType: "application/vnd.google-apps.document",
        parents: ["fld-tides"],
        content: "# Tide notes\n\nKing tides peak in the winter months.\n",
      });
      peer.trashFile("sheet-moorings");
      peer.deleteFile("pdf-annual");
      await syncNow();
      await settled("Drive changes synced", (a) => a.sync.items_synced === 6);
      const list = await waitUntil("deletions applied", async () => {
        const l = await memories();
        return l.length === 3 && l;
      });
      expect(list.map((s) => s.title).sort()).toEqual(["Crew briefing", "Handbook.docx", "Tide notes"]);
      expect(await content(list.find((s) => s.title === "Tide notes")!.id)).toContain("King tides");
      const calls = peer.requests.slice(before);
      expect(calls.some((r) => r.startsWith("/drive/v3/changes?"))).toBe(true);
      expect(calls.some((r) => r.startsWith("/drive/v3/files?"))).toBe(false);
      // The refreshed token was persisted: no new refresh for this sync.
      expect(refreshes()).toBe(1);
    });

    it("searches Drive live with its full-text search and previews a document", async () => {
      const res = await m.request(
        "GET",
        "/api/search_v1/get_queried_data?app_name=google-drive&query=king+tides",
        {
          as: alice,
        },
      );
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as AppSearchResponse;
      const hits = [...results.most_relevant_results, ...results.other_results];
      expect(hits.map((h) => h.subject)).toEqual(["Tide notes"]);
      const queries = peer.requests.map((r) => new URLSearchParams(r.split("?")[1] ?? "").get("q"));
      expect(queries).toContain(
        "fullText contains 'king tides' and trashed = false and mimeType != 'application/vnd.google-apps.folder'",
      );
      const preview = await m.request("POST", "/api/get_content", {
        as: alice,
        json: { responses: hits, previewed_result_rank: 0 },
      });
      expect(preview.status).toBe(200);
      expect(((await preview.json()) as GetContentResponse).content.markdown).toContain("King tides peak");
      // The file-type filter: a Google Doc is a document, not a spreadsheet.
      expect(hits.map((h) => h.misc.file_type)).toEqual(["document"]);
      const only = async (types: string) => {
        const r = await m.request(
          "GET",
          `/api/search_v1/get_queried_data?app_name=google-drive&query=king+tides&file_types=${types}`,
          { as: alice },
        );
        const { results: found } = (await r.json()) as AppSearchResponse;
        return [...found.most_relevant_results, ...found.other_results].map((h) => h.subject);
      };
      expect(await only("spreadsheet,presentation")).toEqual([]);
      expect(await only("document,pdf")).toEqual(["Tide notes"]);
    });

    it("waits out 429 (Retry-After) and Google's quota 403, then finishes the sync", async () => {
      peer.putFile({
        id: "doc-ferry",
        name: "Ferry times",
        mimeType: "application/vnd.google-apps.document",
        parents: ["root"],
        content: "The ferry leaves at seven.",
      });
      peer.inject("429", 1, "1");
      peer.inject("quota", 1);
      await syncNow();
      const a = await settled("sync after rate limits", (x) => x.sync.items_synced === 7);
      expect(a.sync.state).toBe("idle");
      expect(a.sync.last_error).toBeNull();
    });

    it("an access token refused mid-life is refreshed once; a revoked grant shows Reconnect", async () => {
      provider.expireAccessTokens();
      await syncNow();
      const ok = await settled("sync after a 401", (x) => x.sync.last_sync_at !== null);
      expect(ok.sync.state).toBe("idle");
      expect(refreshes()).toBe(2);

      provider.revokeAll();
      await syncNow();
      const refused = await settled("revoked", (x) => x.sync.state === "error");
      expect(refused).toMatchObject({ needs_reauth: true });
      expect(refused.sync.last_error).toBe("Google Drive refused the sign-in. Reconnect the account.");
    });
  },
  240_000,
);

describe("Google apps without an OAuth client configured", () => {
  it("are listed as unavailable with the reason, and cannot be connected", async () => {
    const m = await createTestMnemo("pglite");
    try {
      const { applications } = (await (await m.request("GET", "/api/findr/applications")).json()) as {
        applications: { applications_id: string; unavailable_reason: string | null }[];
      };
      for (const id of ["google-drive", "gmail"])
        expect(applications.find((a) => a.applications_id === id)?.unavailable_reason).toBe(
          "Not set up on this server: the operator adds a Google OAuth client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).",
        );
      const user = await m.buildUser();
      const res = await m.request("GET", "/api/t/get_connection_link?app_name=google-drive", { as: user });
      expect(res.status).toBe(409);
    } finally {
      await m.close();
    }
  });
});
