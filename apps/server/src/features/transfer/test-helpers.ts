import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import type { ImportRun } from "@mnemo/contracts";
import type { TestMnemo, TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";

const dir = path.join(import.meta.dirname, "fixtures");

/** Zips a fixture folder as the other product's export button would. */
export function zipFolder(folder: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, folder, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else entries[r] = new Uint8Array(fs.readFileSync(path.join(dir, folder, r)));
    }
  };
  walk("");
  return zipSync(entries);
}

/** A bookmarks file of `n` links to one site, in folders of 100. */
export function bookmarksFile(n: number, origin = "https://site.example.com"): string {
  const out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<H1>Bookmarks</H1>", "<DL><p>"];
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0) out.push(`<DT><H3>Folder ${i / 100}</H3>`, "<DL><p>");
    out.push(`<DT><A HREF="${origin}/page/${i}" ADD_DATE="${1700000000 + i}">Page ${i}</A>`);
    if (i % 100 === 99 || i === n - 1) out.push("</DL><p>");
  }
  out.push("</DL><p>");
  return out.join("\n");
}

/** Polls an import run until it reaches one of `until`. */
export async function waitForRun(m: TestMnemo, user: TestUser, id: string, until: ImportRun["status"][]) {
  return waitUntil(
    `import ${id} to reach ${until.join("/")}`,
    async () => {
      const res = await m.request("GET", `/api/import/${id}`, { as: user });
      const { run } = (await res.json()) as { run: ImportRun };
      return until.includes(run.status) && run;
    },
    { timeoutMs: 60_000, intervalMs: 50 },
  );
}
