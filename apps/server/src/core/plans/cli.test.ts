import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../platform/db/client.ts";
import { user, userProfile } from "../../platform/db/schema/index.ts";
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

  it("refuses while a server holds the data dir, then sets the plan once it has stopped", async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DISABLE_WORKER: "true" });
    running.push(server);
    const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Operator Target",
        email: "target@example.com",
        password: "target-password-1",
      }),
    });
    expect(signUp.status).toBe(200);

    const locked = await spawnServer(
      { DATA_DIR: dataDir },
      { command: "set-plan", args: ["target@example.com", "pro"] },
    );
    running.push(locked);
    expect(await locked.exited).toBe(2);
    expect(locked.output()).toMatch(/Another Mnemo process \(pid \d+\) is already using the data directory/);
    expect(await server.stop("SIGTERM")).toBe(0);

    const set = await spawnServer(
      { DATA_DIR: dataDir },
      { command: "set-plan", args: ["target@example.com", "pro"] },
    );
    running.push(set);
    expect(await set.exited, set.output()).toBe(0);
    expect(set.output()).toContain("The plan of target@example.com is now pro.");

    // The plan is in the data dir (opened in-process now that no server holds it).
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const rows = await database.db
        .select({ plan: userProfile.plan, skipTrial: userProfile.skipTrial })
        .from(userProfile)
        .innerJoin(user, eq(user.id, userProfile.userId))
        .where(eq(user.email, "target@example.com"));
      expect(rows).toEqual([{ plan: "pro", skipTrial: true }]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
