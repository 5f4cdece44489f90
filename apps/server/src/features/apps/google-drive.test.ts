import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AppSearchResponse, ConnectedAccount, GetContentResponse } from "@mnemo/contracts";
import { createTestMnemo, testDatabases } from "../../test/harness.ts";
import { seedDrive } from "../../test/fixtures/google/peer.ts";
import { useGoogleWorld } from "../../test/fixtures/cloud/flow.ts";
import { textPdf } from "../../test/fixtures/text-pdf.ts";

const files = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Google Drive end to end: Google's OAuth 2 (PKCE, offline access) against a real OAuth 2 server
 * (oauth2-mock-server on Google's paths) and a local peer of Drive v3 with nested folders, a shared
 * drive, Google Docs/Sheets/Slides, a PDF and a DOCX.
 */
describe.each(testDatabases())(
  "Google Drive over OAuth (%s)",
  (kind) => {
    let account: ConnectedAccount;
    const g = useGoogleWorld(kind, "google-drive", (peer) =>
      seedDrive(peer, {
        pdf: textPdf([["Harbour annual report", "Dredging of the outer channel finished in March."]]),
        docx: fs.readFileSync(path.join(files, "sample.docx")),
      }),
    );
    const { flow } = g;
    const refreshes = () => g.oauth.grants.filter((grant) => grant === "refresh_token").length;
    const content = (id: string) => flow.content(g.alice, id);

    it("connects through Google's sign-in (PKCE, offline access, read-only scope)", async () => {
      // Tokens that expire within the refresh margin: the first sync must refresh before using one.
      g.oauth.expiresIn = 30;
      account = await flow.connect(g.alice, {
        at: `${g.oauth.url}/o/oauth2/v2/auth`,
        params: {
          code_challenge_method: "S256",
          access_type: "offline",
          scope: "https://www.googleapis.com/auth/drive.readonly",
          redirect_uri: "http://mnemo.test/settings?app=google-drive",
        },
      });
      expect(account).toMatchObject({
        app_name: "google-drive",
        title: "ada@example.org",
        user_name: "Ada Lovelace",
      });
      g.oauth.expiresIn = null;
    });

    it("first sync: Docs, Sheets, Slides exported; the PDF and DOCX read by the extractors; folders and the shared drive named", async () => {
      await flow.until(g.alice, account.id, "first Drive sync", (a) => a.sync.items_synced === 5);
      // The stored token was about to expire: refreshed once, and the new one kept for later.
      expect(refreshes()).toBe(1);
      const list = await flow.wait("Drive memories indexed", async () => {
        const l = await flow.memories(g.alice);
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
        g.peer.requests.some((r) => r.includes("corpora=allDrives") && r.includes("supportsAllDrives=true")),
      ).toBe(true);
    });

    it("the next sync reads only Drive's changes: an edit re-indexed, deleted and trashed files removed", async () => {
      const before = g.peer.requests.length;
      g.peer.putFile({
        id: "doc-tides",
        name: "Tide notes",
        mimeType: "application/vnd.google-apps.document",
        parents: ["fld-tides"],
        content: "# Tide notes\n\nKing tides peak in the winter months.\n",
      });
      g.peer.trashFile("sheet-moorings");
      g.peer.deleteFile("pdf-annual");
      await flow.syncUntil(g.alice, account.id, "Drive changes synced", (a) => a.sync.items_synced === 6);
      const list = await flow.wait("deletions applied", async () => {
        const l = await flow.memories(g.alice);
        return l.length === 3 && l;
      });
      expect(list.map((s) => s.title).sort()).toEqual(["Crew briefing", "Handbook.docx", "Tide notes"]);
      expect(await content(list.find((s) => s.title === "Tide notes")!.id)).toContain("King tides");
      const calls = g.peer.requests.slice(before);
      expect(calls.some((r) => r.startsWith("/drive/v3/changes?"))).toBe(true);
      expect(calls.some((r) => r.startsWith("/drive/v3/files?"))).toBe(false);
      // The refreshed token was persisted: no new refresh for this sync.
      expect(refreshes()).toBe(1);
    });

    it("searches Drive live with its full-text search and previews a document", async () => {
      const hits = await flow.liveSearch(g.alice, "king tides");
      expect(hits.map((h) => h.subject)).toEqual(["Tide notes"]);
      const queries = g.peer.requests.map((r) => new URLSearchParams(r.split("?")[1] ?? "").get("q"));
      expect(queries).toContain(
        "fullText contains 'king tides' and trashed = false and mimeType != 'application/vnd.google-apps.folder'",
      );
      const preview = await flow.preview(g.alice, hits, 0);
      expect(preview.status).toBe(200);
      expect(((await preview.json()) as GetContentResponse).content.markdown).toContain("King tides peak");
      // The file-type filter: a Google Doc is a document, not a spreadsheet.
      expect(hits.map((h) => h.misc.file_type)).toEqual(["document"]);
      const only = async (types: string) => {
        const r = await g.m.request(
          "GET",
          `/api/search_v1/get_queried_data?app_name=google-drive&query=king+tides&file_types=${types}`,
          { as: g.alice },
        );
        const { results: found } = (await r.json()) as AppSearchResponse;
        return [...found.most_relevant_results, ...found.other_results].map((h) => h.subject);
      };
      expect(await only("spreadsheet,presentation")).toEqual([]);
      expect(await only("document,pdf")).toEqual(["Tide notes"]);
    });

    it("waits out 429 (Retry-After) and Google's quota 403, then finishes the sync", async () => {
      g.peer.putFile({
        id: "doc-ferry",
        name: "Ferry times",
        mimeType: "application/vnd.google-apps.document",
        parents: ["root"],
        content: "The ferry leaves at seven.",
      });
      g.peer.inject("429", 1, "1");
      g.peer.inject("quota", 1);
      const a = await flow.syncUntil(
        g.alice,
        account.id,
        "sync after rate limits",
        (x) => x.sync.items_synced === 7,
      );
      expect(a.sync.state).toBe("idle");
      expect(a.sync.last_error).toBeNull();
    });

    it("an access token refused mid-life is refreshed once; a revoked grant shows Reconnect", async () => {
      g.oauth.expireAccessTokens();
      const ok = await flow.syncUntil(
        g.alice,
        account.id,
        "sync after a 401",
        (x) => x.sync.last_sync_at !== null,
      );
      expect(ok.sync.state).toBe("idle");
      expect(refreshes()).toBe(2);

      await flow.revoked(g.alice, account.id, g.oauth, "Google Drive");
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
