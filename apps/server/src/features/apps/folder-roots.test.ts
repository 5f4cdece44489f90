import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { rootsFor } from "./connectors/folder.ts";

describe("per-user folder roots (pure)", () => {
  it("expands {user} to the user's id as one path segment and keeps shared roots", () => {
    expect(rootsFor(["/srv/notes/{user}", "/srv/shared"], "u1")).toEqual(["/srv/notes/u1", "/srv/shared"]);
    expect(rootsFor(["/srv/notes/{user}"], "../x/y")).toEqual(["/srv/notes/.._x_y"]);
    expect(rootsFor(["/srv/notes/{user}"], "..")).toEqual([]);
    expect(rootsFor(["/srv/notes/{user}", "/srv/shared"], undefined)).toEqual(["/srv/shared"]);
  });
});

/**
 * Issue 46: APPS_FOLDER_ROOTS entries with {user} give each user their own root; a user may sync
 * under their own root (and shared roots) only, never another user's folder.
 */
describe.each(testDatabases())("Local folder per-user roots (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  let base: string;
  let shared: string;
  const folderOf = (u: TestUser) => path.join(base, u.id, "vault");

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-user-roots-"));
    shared = path.join(base, "shared");
    fs.mkdirSync(shared);
    fs.writeFileSync(path.join(shared, "Handbook.md"), "The team handbook lives here.\n");
    m = await createTestMnemo(kind, { APPS_FOLDER_ROOTS: `${base}/{user},${shared}` });
    [alice, bob] = [await m.buildUser(), await m.buildUser()];
    for (const [u, note] of [
      [alice, "Alice's tide pool notes."],
      [bob, "Bob's private bank notes."],
    ] as const) {
      fs.mkdirSync(folderOf(u), { recursive: true });
      fs.writeFileSync(path.join(folderOf(u), "Notes.md"), `${note}\n`);
    }
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const connect = (as: TestUser, p: string) =>
    m.request("POST", "/api/t/store_integrated_id", {
      as,
      json: { app_name: "folder", credentials: { path: p } },
    });
  const accounts = async (as: TestUser) =>
    (
      (await (await m.request("GET", "/api/user/get_connected_applications", { as })).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;

  it("refuses another user's folder, under their root or the root itself", async () => {
    for (const p of [folderOf(bob), path.join(base, bob.id), base]) {
      const res = await connect(alice, p);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "This folder is not one Mnemo may read. Choose a folder inside an allowed root.",
      );
    }
    expect(await accounts(alice)).toEqual([]);
  });

  it("syncs a user's own folder under their root, and a shared root for everyone", async () => {
    const own = await connect(alice, folderOf(alice));
    expect(own.status).toBe(201);
    const { account } = (await own.json()) as { account: ConnectedAccount };
    await waitUntil("alice's folder synced", async () => {
      const a = (await accounts(alice)).find((x) => x.id === account.id);
      return a?.sync.state === "idle" && a.sync.items_synced === 1;
    });
    const list = (await (
      await m.request("GET", "/api/sources?page_size=100", { as: alice })
    ).json()) as SourceList;
    expect(list.results.filter((s) => s.app === "folder").map((s) => s.title)).toEqual(["Notes.md"]);
    expect((await connect(bob, shared)).status).toBe(201);
  });
});
