import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userProfile } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testConfig, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { sseReader } from "../../test/sse.ts";
import { parseAnnounceArgs, runAnnounceCommand } from "./cli.ts";
import { OPERATOR_HEADER } from "./operator.ts";
import { webVersionReader } from "./service.ts";

for (const kind of testDatabases()) {
  describe(`announcements on ${kind}`, () => {
    let m: TestMnemo;
    beforeAll(async () => {
      m = await createTestMnemo(kind);
    });
    afterAll(async () => {
      await m?.close();
    });

    it("are published by a site administrator, shown to every user at once, and withdrawn", async () => {
      const admin = await m.buildUser();
      const ann = await m.buildUser();
      const body = { type: "alert", message: "Maintenance tonight at 22:00 UTC." };
      const refused = await m.request("POST", "/api/admin/announcements", { as: ann, json: body });
      expect(refused.status).toBe(403);
      await m.ctx.database.db
        .update(userProfile)
        .set({ isAdmin: true })
        .where(eq(userProfile.userId, admin.id));

      const events = sseReader(await m.request("GET", "/api/events", { as: ann }));
      expect(await events.next()).toMatchObject({ event: "me" });
      const created = await m.request("POST", "/api/admin/announcements", { as: admin, json: body });
      expect(created.status).toBe(200);
      const a = (await created.json()) as { uid: string };
      expect(a).toMatchObject({ type: "alert", show: true, message: body.message, requiredVersion: null });
      // Ann's open stream hears of it without asking.
      expect(await events.next()).toEqual({ event: "announcement", data: { uid: a.uid, show: true } });
      const list = await (await m.request("GET", "/api/announcements", { as: ann })).json();
      expect(list.announcements.map((x: { uid: string }) => x.uid)).toContain(a.uid);

      const gone = await m.request("DELETE", `/api/admin/announcements/${a.uid}`, { as: admin });
      expect(gone.status).toBe(200);
      expect(await events.next()).toEqual({ event: "announcement", data: { uid: a.uid, show: false } });
      await events.close();
      const after = await (await m.request("GET", "/api/announcements", { as: ann })).json();
      expect(after.announcements.map((x: { uid: string }) => x.uid)).not.toContain(a.uid);
      expect((await m.request("DELETE", "/api/admin/announcements/nope", { as: admin })).status).toBe(404);
    });

    it("accept the operator key (the `mnemo announce` command) and nothing like it", async () => {
      const body = { type: "other", message: "Mnemo 1.1 adds live updates." };
      const ok = await m.request("POST", "/api/admin/announcements", {
        headers: { [OPERATOR_HEADER]: m.ctx.operator.token, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(ok.status).toBe(200);
      const forged = await m.request("POST", "/api/admin/announcements", {
        headers: {
          [OPERATOR_HEADER]: m.ctx.operator.token.slice(0, -2) + "xx",
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
      expect(forged.status).toBe(401);
    });

    it("the operator command reads its arguments and reports what it did", async () => {
      expect(parseAnnounceArgs(["alert", "Back", "up", "soon"])).toEqual({
        kind: "create",
        input: { type: "alert", message: "Back up soon" },
      });
      expect(parseAnnounceArgs(["other", "New", "--required-version", "1.2.0", "build"])).toEqual({
        kind: "create",
        input: { type: "other", message: "New build", requiredVersion: "1.2.0" },
      });
      expect(parseAnnounceArgs(["--withdraw", "u1"])).toEqual({ kind: "withdraw", uid: "u1" });
      for (const bad of [[], ["info", "hello"], ["alert"], ["--withdraw"]])
        expect(typeof parseAnnounceArgs(bad)).toBe("string");
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) };
      const target = {
        create: async () => ({ uid: "u9" }),
        withdraw: async () => {
          throw new Error("No announcement has this uid.");
        },
      };
      expect(await runAnnounceCommand(["alert", "Hi"], target, out)).toBe(0);
      expect(await runAnnounceCommand(["--withdraw", "x"], target, out)).toBe(1);
      expect(lines).toEqual(["Announcement published: u9", "! No announcement has this uid."]);
    });
  });
}

describe("web version", () => {
  it("is the built web app's version.json, re-read at most once a minute", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-web-"));
    try {
      let t = 0;
      const read = webVersionReader(dir, () => t);
      expect(read()).toBeNull();
      fs.writeFileSync(path.join(dir, "version.json"), JSON.stringify({ version: "b1" }));
      t = 61_000;
      expect(read()).toBe("b1");
      fs.writeFileSync(path.join(dir, "version.json"), JSON.stringify({ version: "b2" }));
      t = 62_000;
      expect(read()).toBe("b1");
      t = 122_000;
      expect(read()).toBe("b2");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("app-metadata/updates", () => {
  it("names the desktop app version the operator configured, to anyone, and none when unset", async () => {
    const set = await createTestMnemo("pglite", { DESKTOP_APP_VERSION: "2.3.0" });
    try {
      const res = await set.request("GET", "/api/app-metadata/updates");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ desktop_app: { version: "2.3.0" } });
    } finally {
      await set.close();
    }
    const unset = await createTestMnemo("pglite");
    try {
      const res = await unset.request("GET", "/api/app-metadata/updates");
      expect(await res.json()).toEqual({ desktop_app: null });
    } finally {
      await unset.close();
    }
  });

  it("refuses a configured version that is not one", () => {
    expect(() => testConfig({ DESKTOP_APP_VERSION: "latest" })).toThrow(/DESKTOP_APP_VERSION/);
  });
});
