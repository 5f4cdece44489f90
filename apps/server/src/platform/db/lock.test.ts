import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ServerProcess } from "../../test/process.ts";

async function signUp(url: string, i: number) {
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Lock ${i}`, email: `lock${i}@example.com`, password: "lock-password-1" }),
  });
  expect(res.status).toBe(200);
}

describe("data directory lock", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-lock-"));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const p of running) await p.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process on the same DATA_DIR with a clear message and loses no row", async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    running.push(first);
    for (let i = 0; i < 5; i++) await signUp(first.url, i);

    const second = await spawnServer({ DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(/Another Mnemo process \(pid \d+\) is already using the data directory/);

    expect(first.child.exitCode, first.output()).toBeNull();
    for (let i = 5; i < 10; i++) await signUp(first.url, i);
    expect(await first.stop("SIGTERM")).toBe(0);

    const third = await spawnServer({ DATA_DIR: dataDir });
    running.push(third);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${third.url}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `lock${i}@example.com`, password: "lock-password-1" }),
      });
      expect(res.status, `user ${i} survived`).toBe(200);
    }
    // Three server starts (the first runs initdb): 35-50 s each on a 2-core machine at load 25.
  }, 240_000);

  it("takes over the lock left by a killed process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-lock-kill-"));
    const a = await spawnServer({ DATA_DIR: dir });
    running.push(a);
    await a.stop("SIGKILL");
    expect(fs.existsSync(path.join(dir, "mnemo.lock"))).toBe(true);
    const b = await spawnServer({ DATA_DIR: dir });
    running.push(b);
    const health = await fetch(`${b.url}/api/health`);
    expect(health.status).toBe(200);
    await b.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
