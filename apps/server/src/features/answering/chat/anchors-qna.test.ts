import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SourceResult } from "@mnemo/contracts/chat";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { buildSource } from "../../../test/factories.ts";
import { textPdf } from "../../../test/fixtures/text-pdf.ts";
import { readNdjson } from "../../../test/ndjson.ts";
import { confirm, presign, putBody, waitIndexed, type Presigned } from "../../../core/ingest/test/helpers.ts";

const PAGE7 = "The lighthouse keeper polished the Fresnel lens with jeweller's rouge every morning.";

describe.each(testDatabases())("answers carry the anchor of each cited passage (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
  });

  const ask = async (question: string, extra: Record<string, unknown> = {}) => {
    const res = await m.request("POST", "/api/qna", { as: alice, json: { question, ...extra } });
    expect(res.status).toBe(200);
    const lines = await readNdjson(res);
    return lines.find((l) => l.sources)!.sources!.results as SourceResult[];
  };

  it("a PDF citation names its page and the cited sentence", async () => {
    const pages = Array.from({ length: 9 }, (_, i) => [
      `Chapter ${i + 1} of the station log`,
      `Routine entries for page ${i + 1}: weather calm, supplies counted.`,
    ]);
    pages[6]!.push(PAGE7, "Afterwards the log was signed.");
    const pdf = textPdf(pages, "Station log");
    const pre = await presign(m, alice, "station-log.pdf", pdf.length);
    const p = (await pre.json()) as Presigned;
    expect((await putBody(m, p.presigned_url, pdf, "station-log.pdf")).status).toBe(200);
    expect((await confirm(m, alice, p.file_id, { file_type: "pdf" })).status).toBe(200);
    const [status] = await waitIndexed(m, alice, [{ id: p.file_id, type: "file" }]);
    expect(status?.indexing_status).toBe("success");

    const [first] = await ask("How was the Fresnel lens polished?");
    expect(first?.id).toBe(p.file_id);
    expect(first?.anchor).toMatchObject({ page: 7, quote: PAGE7 });
  });

  it("a note's citation gives character offsets into the memory's text", async () => {
    const intro = "# Field notes\n\n" + "Unrelated paragraph about gardening and soil. ".repeat(60) + "\n\n";
    const markdown = `${intro}## Bees\n\nThe queen bee lays up to two thousand eggs a day in summer.`;
    const id = await buildSource(m, alice, { title: "Field notes", markdown });
    const [first] = await ask("How many eggs does the queen bee lay?", { source_id: id });
    expect(first?.id).toBe(id);
    const anchor = first!.anchor!;
    expect(anchor.quote).toBe("The queen bee lays up to two thousand eggs a day in summer.");
    expect(markdown.slice(anchor.start, anchor.end)).toContain("queen bee");
    expect(anchor.heading).toContain("Bees");
    expect(anchor.page).toBeUndefined();
  });
});
