import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../platform/db/client.ts";
import { siteSetting, user, userProfile } from "../../platform/db/schema/index.ts";
import { planMessages } from "@mnemo/contracts";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";
import { spawnServer, type ServerProcess } from "../../test/process.ts";
import { runSetPlanCommand } from "./cli.ts";

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
}

describe("set-plan command", () => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await m?.close();
  });

  it("sets the plan by e-mail and refuses bad arguments with a clear line", async () => {
    const user = await m.buildUser();
    const db = m.ctx.database.db;
    const ok = capture();
    expect(await runSetPlanCommand(db, [user.email.toUpperCase(), "team"], ok.out)).toBe(0);
    expect(ok.lines).toEqual([`The plan of ${user.email.toUpperCase()} is now team.`]);
    expect(await (await m.request("GET", "/api/user/plan", { as: user })).json()).toMatchObject({
      plan: "team",
      skip_trial: true,
    });

    const cases: [string[], RegExp][] = [
      [[], /^Usage: mnemo set-plan <email> <plan>$/],
      [[user.email], /^Usage/],
      [[user.email, "gold"], /^Unknown plan "gold"\. Plans: free, pro, team, ltd_tier_1/],
      [["nobody@example.com", "pro"], /^No user has the e-mail address nobody@example\.com\.$/],
    ];
    for (const [args, line] of cases) {
      const c = capture();
      expect(await runSetPlanCommand(db, args, c.out)).toBe(1);
      expect(c.lines[0]).toMatch(line);
    }
  });
});

describe("set-plan as a process", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-setplan-"));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends set-plan, set-default-plan and set-admin to the server that holds the data dir; direct once it stopped", async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DISABLE_WORKER: "true" });
    running.push(server);
    const signUp = async (name: string, email: string) => {
      const res = await fetch(`${server.url}/api/auth/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, email, password: "target-password-1" }),
      });
      expect(res.status).toBe(200);
    };
    await signUp("Server Owner", "owner@example.com");
    await signUp("Operator Target", "target@example.com");
    const port = new URL(server.url).port;
    const command = async (name: string, args: string[]) => {
      const p = await spawnServer(
        { DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1" },
        { command: name, args },
      );
      running.push(p);
      return { code: await p.exited, output: p.output() };
    };

    // While the server runs, each command reaches it (the data dir is locked by the server).
    const set = await command("set-plan", ["target@example.com", "pro"]);
    expect(set.code, set.output).toBe(0);
    expect(set.output).toContain("The plan of target@example.com is now pro.");
    const def = await command("set-default-plan", ["team"]);
    expect(def.code, def.output).toBe(0);
    expect(def.output).toContain("New accounts now get the plan team.");
    const last = await command("set-admin", ["owner@example.com", "off"]);
    expect(last.code).toBe(1);
    expect(last.output).toContain(planMessages.lastSiteAdmin);
    const promote = await command("set-admin", ["target@example.com", "on"]);
    expect(promote.code, promote.output).toBe(0);
    expect(promote.output).toContain("target@example.com is now a site administrator.");
    const unknown = await command("set-plan", ["nobody@example.com", "pro"]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("No user has the e-mail address nobody@example.com.");
    expect(await server.stop("SIGTERM")).toBe(0);

    // With no server, the command opens the data dir itself.
    const direct = await command("set-plan", ["owner@example.com", "free"]);
    expect(direct.code, direct.output).toBe(0);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const rows = await database.db
        .select({ email: user.email, plan: userProfile.plan, isAdmin: userProfile.isAdmin })
        .from(userProfile)
        .innerJoin(user, eq(user.id, userProfile.userId))
        .orderBy(user.email);
      expect(rows).toEqual([
        { email: "owner@example.com", plan: "free", isAdmin: true },
        { email: "target@example.com", plan: "pro", isAdmin: true },
      ]);
      const [stored] = await database.db
        .select()
        .from(siteSetting)
        .where(eq(siteSetting.key, "default_plan"));
      expect(stored?.value).toBe("team");
    } finally {
      await database.close();
    }
  }, 120_000);
});
