import fs from "node:fs";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { startMnemo, type Mnemo } from "../../app/bootstrap.ts";
import { openTestDatabase, testConfig } from "../../test/harness.ts";
import { orgAppKeys } from "./app-keys.ts";

/**
 * Organisation OAuth client secrets (issue 46): sent in a JSON body (the spec's query form still
 * works), and neither form ever reaches a log line.
 */
describe("organisation app keys", () => {
  let m: Mnemo;
  let cleanup: () => Promise<void>;
  let dataDir: string;
  const lines: string[] = [];
  let token: string;
  let userId: string;
  let orgId: string;

  const request = (method: string, url: string, json?: unknown) =>
    m.app.request(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  const keysOf = () => orgAppKeys(m.ctx.database.db, m.ctx.secrets, userId, "github");

  beforeAll(async () => {
    const config = testConfig();
    dataDir = config.dataDir;
    const db = await openTestDatabase("pglite", { pgliteThread: config.PGLITE_THREAD });
    cleanup = db.cleanup;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    m = await startMnemo({ config, database: db.database, log: pino({ level: "trace" }, sink) });
    const signUp = await m.app.request("/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Olive Owner",
        email: "olive@example.com",
        password: "correct-horse-battery",
      }),
    });
    const body = (await signUp.json()) as { token: string; user: { id: string } };
    token = body.token;
    userId = body.user.id;
    const org = await request("POST", "/api/org/create", { name: "Olive Co" });
    expect(org.status).toBe(201);
    orgId = ((await org.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await m?.stop();
    await cleanup?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores the keys sent in a JSON body, the secret never in the answer", async () => {
    const res = await request("POST", "/api/org/update_organization_keys", {
      organization_id: orgId,
      app_name: "GitHub",
      client_id: "body-client",
      client_secret: "body-secret-77",
      redirect_url: "https://mnemo.example/cb",
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("body-secret-77");
    expect(JSON.parse(text)).toEqual({
      success: true,
      app_name: "github",
      client_id: "body-client",
      redirect_url: "https://mnemo.example/cb",
    });
    expect(await keysOf()).toEqual({
      clientId: "body-client",
      clientSecret: "body-secret-77",
      redirectUrl: "https://mnemo.example/cb",
    });
  });

  it("still accepts the spec's query form; a field in the body wins over the query", async () => {
    const q = `organization_id=${orgId}&app_name=github&client_id=query-client&client_secret=query-secret-55&redirect_url=${encodeURIComponent("https://mnemo.example/q")}`;
    expect((await request("POST", `/api/org/update_organization_keys?${q}`)).status).toBe(200);
    expect(await keysOf()).toMatchObject({ clientId: "query-client", clientSecret: "query-secret-55" });
    const both = await request("POST", `/api/org/update_organization_keys?${q}`, {
      client_secret: "body-wins-99",
    });
    expect(both.status).toBe(200);
    expect(await keysOf()).toMatchObject({ clientId: "query-client", clientSecret: "body-wins-99" });
  });

  it("answers 400 when a field is missing from both", async () => {
    const res = await request("POST", "/api/org/update_organization_keys", {
      organization_id: orgId,
      app_name: "github",
      client_id: "cid",
      redirect_url: "https://mnemo.example/cb",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "validation" });
  });

  it("never logs a secret, from the body or the query", async () => {
    const log = lines.join("");
    expect(log).toContain("/api/org/update_organization_keys");
    for (const secret of ["body-secret-77", "query-secret-55", "body-wins-99"])
      expect(log).not.toContain(secret);
  });
});
