import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppSearchResponse, ConnectedAccount, GetContentResponse, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startOAuthProvider, type OAuthProvider } from "../../test/oauth-provider.ts";
import { startGooglePeer, type GooglePeer } from "../../test/fixtures/google/peer.ts";
import { waitUntil as waitFor } from "../../test/wait.ts";
import { gmailFirstSyncRun } from "./connectors/gmail.ts";

/** Syncs and extraction run in the test's server on a shared machine: a generous bound. */
const waitUntil = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
  waitFor(what, probe, { timeoutMs: 120_000 });

const files = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Gmail end to end: Google's OAuth 2 against a real OAuth 2 server (oauth2-mock-server on Google's
 * paths) and a local peer of Gmail v1 (raw messages, history ids, Gmail's `q`).
 */
describe.each(testDatabases())(
  "Gmail over OAuth (%s)",
  (kind) => {
    let m: TestMnemo;
    let provider: OAuthProvider;
    let peer: GooglePeer;
    let alice: TestUser;
    let account: ConnectedAccount;
    let generated: string[];

    beforeAll(async () => {
      gmailFirstSyncRun.size = 5;
      provider = await startOAuthProvider({ authorize: "/o/oauth2/v2/auth", token: "/token" });
      peer = await startGooglePeer();
      peer.validTokens = provider.validTokens;
      generated = peer.generateMailbox(12);
      peer.addMessage({
        subject: "Quarterly report",
        text: "The report is attached.",
        attachment: {
          filename: "report.docx",
          contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          content: fs.readFileSync(path.join(files, "sample.docx")),
        },
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
      gmailFirstSyncRun.size = 500;
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
      ).results.filter((s) => s.app === "gmail");
    const syncNow = () => m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    const settled = (what: string, test: (a: ConnectedAccount) => boolean) =>
      waitUntil(what, async () => {
        const a = (await accounts()).find((x) => x.id === account.id);
        return a && (a.sync.state === "idle" || a.sync.state === "error") && test(a) ? a : undefined;
      });
    const refreshes = () => provider.grants.filter((g) => g === "refresh_token").length;

    it("connects through Google's sign-in with the read-only Gmail scope", async () => {
      provider.expiresIn = 30;
      const res = await m.request("GET", "/api/t/get_connection_link?app_name=gmail", { as: alice });
      const link = new URL(((await res.json()) as { link: string }).link);
      expect(link.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/gmail.readonly");
      expect(link.searchParams.get("prompt")).toBe("consent");
      const back = new URL((await fetch(link, { redirect: "manual" })).headers.get("location")!);
      const done = await m.request(
        "POST",
        `/api/auth/oauth_callback?app_name=gmail&auth_code=${back.searchParams.get("code")}&state=${back.searchParams.get("state")}`,
        { as: alice },
      );
      expect(done.status).toBe(200);
      account = ((await done.json()) as { account: ConnectedAccount }).account;
      expect(account).toMatchObject({ app_name: "gmail", title: "ada@example.org" });
      provider.expiresIn = null;
    });

    it("first sync: every message (raw, parsed in the sandbox) and its readable attachment, run by run", async () => {
      // 12 generated messages, the report and its attachment; 5 messages a run (500 in use), each
      // run queueing the next at once.
      const first = await settled("first Gmail sync", (a) => a.sync.items_synced >= 14);
      expect(first.sync).toMatchObject({ state: "idle", last_error: null, items_synced: 14 });
      const listings = peer.requests.filter((r) => r.startsWith("/gmail/v1/users/me/messages?"));
      expect(listings.filter((r) => r.includes("pageToken=")).length).toBeGreaterThanOrEqual(2);
      expect(refreshes()).toBe(1);
      const list = await waitUntil("Gmail memories indexed", async () => {
        const l = await memories();
        return l.length === 14 && l.every((s) => s.meta.status === "success") && l;
      });
      expect(list.map((s) => s.title)).toEqual(
        expect.arrayContaining(["Quarterly report", "report.docx", "Re: tide tables #1"]),
      );
      const report = list.find((s) => s.title === "Quarterly report")!;
      const content = JSON.stringify(
        await (await m.request("GET", `/api/sources/${report.id}/content`, { as: alice })).json(),
      );
      expect(content).toContain("**From:** Grace Hopper <grace@example.net>");
    });

    it("the next sync reads Gmail's history: a new message added, deleted and trashed ones removed", async () => {
      const before = peer.requests.length;
      peer.addMessage({ subject: "Ferry timetable", text: "The ferry leaves the harbour at seven." });
      peer.deleteMessage(generated[0]!);
      peer.trashMessage(generated[1]!);
      await syncNow();
      const next = await settled("history synced", () => true);
      expect(next.sync).toMatchObject({ state: "idle", last_error: null, items_synced: 15 });
      const list = await waitUntil("deletions applied", async () => {
        const l = await memories();
        return l.length === 13 && l;
      });
      const titles = list.map((s) => s.title);
      expect(titles).toContain("Ferry timetable");
      expect(titles).not.toContain("Re: tide tables #1");
      expect(titles).not.toContain("Re: harbour dues #2");
      const calls = peer.requests.slice(before);
      expect(calls.some((r) => r.startsWith("/gmail/v1/users/me/history?startHistoryId="))).toBe(true);
      expect(calls.filter((r) => r.includes("format=raw"))).toHaveLength(1);
    });

    it("a history id Gmail no longer keeps (404) means a full resync, without duplicates", async () => {
      peer.forgetHistoryBefore(peer.currentHistoryId() + 1);
      peer.addMessage({ subject: "Pilot boarding", text: "The pilot boards at the fairway buoy." });
      await syncNow();
      const a = await settled("full resync", () => true);
      expect(a.sync.items_synced).toBeGreaterThan(15);
      expect(a.sync.state).toBe("idle");
      const list = await waitUntil("resynced", async () => {
        const l = await memories();
        return l.length === 14 && l;
      });
      expect(list.map((s) => s.title)).toContain("Pilot boarding");
    });

    it("searches Gmail live with its own q and previews a message", async () => {
      peer.addMessage({
        subject: "Lighthouse keeper",
        text: "The keeper climbs 120 steps to light the lamp.",
      });
      const res = await m.request("GET", "/api/search_v1/get_queried_data?app_name=gmail&query=lamp", {
        as: alice,
      });
      const { results } = (await res.json()) as AppSearchResponse;
      const hits = [...results.most_relevant_results, ...results.other_results];
      expect(hits.map((h) => h.subject)).toEqual(["Lighthouse keeper"]);
      expect(
        peer.requests.some((r) => r.startsWith("/gmail/v1/users/me/messages?") && r.includes("q=lamp")),
      ).toBe(true);
      const preview = await m.request("POST", "/api/get_content", {
        as: alice,
        json: { responses: hits, previewed_result_rank: 0 },
      });
      expect(((await preview.json()) as GetContentResponse).content.markdown).toContain("120 steps");
    });

    it("App search filters Gmail's results by file type", async () => {
      const search = async (types: string) => {
        const res = await m.request(
          "GET",
          `/api/search_v1/get_queried_data?app_name=gmail&query=lamp&file_types=${types}`,
          { as: alice },
        );
        expect(res.status).toBe(200);
        const { results } = (await res.json()) as AppSearchResponse;
        return [...results.most_relevant_results, ...results.other_results].map((h) => h.subject);
      };
      expect(await search("email")).toEqual(["Lighthouse keeper"]);
      expect(await search("pdf,spreadsheet")).toEqual([]);
    });

    it("a message deleted upstream takes its attachment's memory with it", async () => {
      const report = [...peer.messages.values()].find((x) => x.searchable.startsWith("quarterly report"))!;
      expect((await memories()).map((s) => s.title)).toEqual(
        expect.arrayContaining(["Quarterly report", "report.docx"]),
      );
      peer.deleteMessage(report.id);
      await syncNow();
      // The full resync above may still be bringing messages in (runs of 5): Gmail's history, and
      // so the deletion, is read by the sync after it.
      const titles = await waitUntil("the message and its attachment removed", async () => {
        const t = (await memories()).map((s) => s.title);
        if (!t.includes("Quarterly report")) return t;
        const a = (await accounts()).find((x) => x.id === account.id);
        if (a?.sync.state === "idle") await syncNow();
        return undefined;
      });
      expect(titles).not.toContain("report.docx");
    });

    it("waits out 429 and the quota 403; a refused token is refreshed once; a revoked grant shows Reconnect", async () => {
      peer.inject("429", 1, "1");
      peer.inject("quota", 1);
      await syncNow();
      const ok = await settled("sync after rate limits", (x) => x.sync.last_error === null);
      expect(ok.sync.state).toBe("idle");

      provider.expireAccessTokens();
      const beforeRefresh = refreshes();
      await syncNow();
      await settled("sync after a 401", (x) => x.sync.last_error === null);
      expect(refreshes()).toBe(beforeRefresh + 1);

      provider.revokeAll();
      await syncNow();
      const refused = await settled("revoked", (x) => x.sync.state === "error");
      expect(refused).toMatchObject({ needs_reauth: true });
      expect(refused.sync.last_error).toBe("Gmail refused the sign-in. Reconnect the account.");
    });
  },
  240_000,
);
