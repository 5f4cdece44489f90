import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppSearchResponse, ConnectedAccount, GetContentResponse } from "@mnemo/contracts";
import { testDatabases } from "../../test/harness.ts";
import { useGoogleWorld } from "../../test/fixtures/cloud/flow.ts";
import { gmailFirstSyncRun } from "./connectors/gmail.ts";

const files = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Gmail end to end: Google's OAuth 2 against a real OAuth 2 server (oauth2-mock-server on Google's
 * paths) and a local peer of Gmail v1 (raw messages, history ids, Gmail's `q`).
 */
describe.each(testDatabases())(
  "Gmail over OAuth (%s)",
  (kind) => {
    let account: ConnectedAccount;
    let generated: string[];
    beforeAll(() => {
      gmailFirstSyncRun.size = 5;
    });
    afterAll(() => {
      gmailFirstSyncRun.size = 500;
    });
    const g = useGoogleWorld(kind, "gmail", (peer) => {
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
    });
    const { flow } = g;
    const refreshes = () => g.oauth.grants.filter((grant) => grant === "refresh_token").length;

    it("connects through Google's sign-in with the read-only Gmail scope", async () => {
      g.oauth.expiresIn = 30;
      account = await flow.connect(g.alice, {
        at: `${g.oauth.url}/o/oauth2/v2/auth`,
        params: { scope: "https://www.googleapis.com/auth/gmail.readonly", prompt: "consent" },
      });
      expect(account).toMatchObject({ app_name: "gmail", title: "ada@example.org" });
      g.oauth.expiresIn = null;
    });

    it("first sync: every message (raw, parsed in the sandbox) and its readable attachment, run by run", async () => {
      // 12 generated messages, the report and its attachment; 5 messages a run (500 in use), each
      // run queueing the next at once.
      const first = await flow.until(
        g.alice,
        account.id,
        "first Gmail sync",
        (a) => a.sync.items_synced >= 14,
      );
      expect(first.sync).toMatchObject({ state: "idle", last_error: null, items_synced: 14 });
      const listings = g.peer.requests.filter((r) => r.startsWith("/gmail/v1/users/me/messages?"));
      expect(listings.filter((r) => r.includes("pageToken=")).length).toBeGreaterThanOrEqual(2);
      expect(refreshes()).toBe(1);
      const list = await flow.wait("Gmail memories indexed", async () => {
        const l = await flow.memories(g.alice);
        return l.length === 14 && l.every((s) => s.meta.status === "success") && l;
      });
      expect(list.map((s) => s.title)).toEqual(
        expect.arrayContaining(["Quarterly report", "report.docx", "Re: tide tables #1"]),
      );
      const report = list.find((s) => s.title === "Quarterly report")!;
      const content = await flow.content(g.alice, report.id);
      expect(content).toContain("**From:** Grace Hopper <grace@example.net>");
    });

    it("the next sync reads Gmail's history: a new message added, deleted and trashed ones removed", async () => {
      const before = g.peer.requests.length;
      g.peer.addMessage({ subject: "Ferry timetable", text: "The ferry leaves the harbour at seven." });
      g.peer.deleteMessage(generated[0]!);
      g.peer.trashMessage(generated[1]!);
      const next = await flow.syncUntil(g.alice, account.id, "history synced", () => true);
      expect(next.sync).toMatchObject({ state: "idle", last_error: null, items_synced: 15 });
      const list = await flow.wait("deletions applied", async () => {
        const l = await flow.memories(g.alice);
        return l.length === 13 && l;
      });
      const titles = list.map((s) => s.title);
      expect(titles).toContain("Ferry timetable");
      expect(titles).not.toContain("Re: tide tables #1");
      expect(titles).not.toContain("Re: harbour dues #2");
      const calls = g.peer.requests.slice(before);
      expect(calls.some((r) => r.startsWith("/gmail/v1/users/me/history?startHistoryId="))).toBe(true);
      expect(calls.filter((r) => r.includes("format=raw"))).toHaveLength(1);
    });

    it("a history id Gmail no longer keeps (404) means a full resync, without duplicates", async () => {
      g.peer.forgetHistoryBefore(g.peer.currentHistoryId() + 1);
      g.peer.addMessage({ subject: "Pilot boarding", text: "The pilot boards at the fairway buoy." });
      const a = await flow.syncUntil(g.alice, account.id, "full resync", () => true);
      expect(a.sync.items_synced).toBeGreaterThan(15);
      expect(a.sync.state).toBe("idle");
      const list = await flow.wait("resynced", async () => {
        const l = await flow.memories(g.alice);
        return l.length === 14 && l;
      });
      expect(list.map((s) => s.title)).toContain("Pilot boarding");
    });

    it("searches Gmail live with its own q and previews a message", async () => {
      g.peer.addMessage({
        subject: "Lighthouse keeper",
        text: "The keeper climbs 120 steps to light the lamp.",
      });
      const hits = await flow.liveSearch(g.alice, "lamp");
      expect(hits.map((h) => h.subject)).toEqual(["Lighthouse keeper"]);
      expect(
        g.peer.requests.some((r) => r.startsWith("/gmail/v1/users/me/messages?") && r.includes("q=lamp")),
      ).toBe(true);
      const preview = await flow.preview(g.alice, hits, 0);
      expect(((await preview.json()) as GetContentResponse).content.markdown).toContain("120 steps");
    });

    it("App search filters Gmail's results by file type", async () => {
      const search = async (types: string) => {
        const res = await g.m.request(
          "GET",
          `/api/search_v1/get_queried_data?app_name=gmail&query=lamp&file_types=${types}`,
          { as: g.alice },
        );
        expect(res.status).toBe(200);
        const { results } = (await res.json()) as AppSearchResponse;
        return [...results.most_relevant_results, ...results.other_results].map((h) => h.subject);
      };
      expect(await search("email")).toEqual(["Lighthouse keeper"]);
      expect(await search("pdf,spreadsheet")).toEqual([]);
    });

    it("a message deleted upstream takes its attachment's memory with it", async () => {
      const report = [...g.peer.messages.values()].find((x) => x.searchable.startsWith("quarterly report"))!;
      expect((await flow.memories(g.alice)).map((s) => s.title)).toEqual(
        expect.arrayContaining(["Quarterly report", "report.docx"]),
      );
      g.peer.deleteMessage(report.id);
      await flow.syncNow(g.alice, account.id);
      // The full resync above may still be bringing messages in (runs of 5): Gmail's history, and
      // so the deletion, is read by the sync after it.
      const titles = await flow.wait("the message and its attachment removed", async () => {
        const t = (await flow.memories(g.alice)).map((s) => s.title);
        if (!t.includes("Quarterly report")) return t;
        const a = (await flow.accounts(g.alice)).find((x) => x.id === account.id);
        if (a?.sync.state === "idle") await flow.syncNow(g.alice, account.id);
        return undefined;
      });
      expect(titles).not.toContain("report.docx");
    });

    it("waits out 429 and the quota 403; a refused token is refreshed once; a revoked grant shows Reconnect", async () => {
      g.peer.inject("429", 1, "1");
      g.peer.inject("quota", 1);
      const ok = await flow.syncUntil(
        g.alice,
        account.id,
        "sync after rate limits",
        (x) => x.sync.last_error === null,
      );
      expect(ok.sync.state).toBe("idle");

      g.oauth.expireAccessTokens();
      const beforeRefresh = refreshes();
      await flow.syncUntil(g.alice, account.id, "sync after a 401", (x) => x.sync.last_error === null);
      expect(refreshes()).toBe(beforeRefresh + 1);

      await flow.revoked(g.alice, account.id, g.oauth, "Gmail");
    });
  },
  240_000,
);
