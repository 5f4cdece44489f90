import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { runExportCommand, runImportCommand } from "./cli.ts";

describe.each(testDatabases())("mnemo import / export commands (%s)", (kind) => {
  let m: TestMnemo;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-cli-"));
  beforeAll(async () => {
    m = await createTestMnemo(kind);
  });
  afterAll(async () => {
    await m?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const output = () => {
    const lines: string[] = [];
    return {
      lines,
      out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERROR ${l}`) },
    };
  };

  it("an operator previews, imports and exports a user's data", async () => {
    const user = await m.buildUser({ email: "Operator.Test@example.com" });
    const file = path.join(import.meta.dirname, "fixtures/chrome-bookmarks.html");
    const dry = output();
    expect(await runImportCommand(m.ctx, ["operator.test@example.com", file, "--dry-run"], dry.out)).toBe(0);
    expect(dry.lines.join("\n")).toContain("Dry run: 0 already saved; nothing was imported.");
    const real = output();
    expect(await runImportCommand(m.ctx, [user.email, file], real.out)).toBe(0);
    expect(real.lines[0]).toBe(
      "chrome-bookmarks.html (bookmarks_html): 5 items (5 links, 0 notes, 0 files, 3 collections, 0 chats)",
    );
    expect(real.lines[1]).toBe("Created 5, skipped 0 duplicates, 1 failed.");
    const zip = path.join(dir, "out.zip");
    const exp = output();
    expect(await runExportCommand(m.ctx, [user.email, zip], exp.out)).toBe(0);
    const manifest = JSON.parse(strFromU8(unzipSync(fs.readFileSync(zip))["manifest.json"]!)) as {
      counts: { memories: number; collections: number };
    };
    expect(manifest.counts).toMatchObject({ memories: 5, collections: 3 });
  });

  it("refuses unknown users, missing files and bad formats with a message", async () => {
    const o = output();
    expect(await runImportCommand(m.ctx, ["nobody@example.com", "x.html"], o.out)).toBe(1);
    expect(await runImportCommand(m.ctx, ["a@example.com", "x.html", "--format=word"], o.out)).toBe(1);
    expect(o.lines).toEqual([
      "ERROR No user has the e-mail address nobody@example.com.",
      expect.stringMatching(/^ERROR Usage: mnemo import/),
    ]);
  });
});
