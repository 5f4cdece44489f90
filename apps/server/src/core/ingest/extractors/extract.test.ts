import { afterAll, describe, expect, it } from "vitest";
import { fixture } from "./fixtures.ts";
import { capOutput, detectType, extract, supportedFileExtensions } from "./index.ts";
import { stopOcr } from "./ocr.ts";
import { ExtractError, type ExtractInput } from "./types.ts";

afterAll(() => stopOcr());

async function reasonOf(input: ExtractInput): Promise<string> {
  const err: unknown = await extract(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ExtractError);
  return (err as ExtractError).reason;
}

describe("extract: documents", () => {
  it("PDF: one section per page, title from the metadata, every page's words", async () => {
    const r = await extract(fixture("multipage.pdf"));
    expect(r).toMatchObject({
      kind: "pdf",
      title: "Northern Rail Annual Report",
      meta: { pages: 120, ocrPages: 0 },
    });
    expect(r.markdown).toContain("## Page 1\n\nNorthern Rail Annual Report");
    expect(r.markdown).toContain("## Page 120\n\nSection 120:");
    expect(r.text).toContain("Line 30:");
    expect(r.text).not.toContain("## Page");
  });

  it("PDF: the global DecompressionStream is back once the PDF is read, or refused", async () => {
    const before = globalThis.DecompressionStream;
    await extract(fixture("multipage.pdf"));
    expect(globalThis.DecompressionStream).toBe(before);
    await expect(extract(fixture("truncated.pdf"))).rejects.toBeInstanceOf(ExtractError);
    expect(globalThis.DecompressionStream).toBe(before);
  });

  it("PDF without a text layer: the page is rendered and OCRed", async () => {
    const r = await extract(fixture("scanned.pdf"));
    expect(r.meta).toMatchObject({ pages: 1, ocrPages: 1 });
    expect(r.text).toMatch(/Scanned lease agreement/i);
    expect(r.text).toMatch(/Margot Fielding/);
    expect(r.title).toMatch(/Scanned lease agreement/i);
  });

  it("DOCX: headings, list items and table cells", async () => {
    const r = await extract(fixture("sample.docx"));
    expect(r).toMatchObject({ kind: "docx", title: "Field Survey Report" });
    expect(r.markdown).toMatch(/^# Field Survey Report$/m);
    expect(r.markdown).toMatch(/^## Water quality$/m);
    expect(r.markdown).toMatch(/^-\s+Common kingfisher$/m);
    expect(r.markdown).toContain("| Reed bed | 6.8 | moderate |");
    expect(r.text).toContain("Kestrel Valley wetlands");
  });

  it("PPTX: a section per slide with its table and speaker notes", async () => {
    const r = await extract(fixture("sample.pptx"));
    expect(r).toMatchObject({ kind: "pptx", title: "Quarterly Roadmap" });
    expect(r.markdown).toMatch(/^## Quarterly Roadmap$/m);
    expect(r.markdown).toMatch(/^## Milestones$/m);
    expect(r.markdown).toContain("| Public launch | Tomasz | September |");
    expect(r.text).toContain("thank the design team for the offline prototype");
    expect(r.text).toContain("depends on the security audit");
  });

  it("XLSX: every sheet under its heading as a table; the first sheet as CSV", async () => {
    const r = await extract(fixture("sample.xlsx"));
    expect(r.kind).toBe("xlsx");
    expect(r.markdown).toMatch(/^## Inventory$/m);
    expect(r.markdown).toMatch(/^## Suppliers$/m);
    expect(r.markdown).toContain("| Copper wire | Leeds | 420 |");
    expect(r.markdown).toContain("| Albion Metals | orders@albion.example |");
    expect(r.csv?.split(/\r?\n/)).toEqual([
      "Item,Warehouse,Quantity",
      "Copper wire,Leeds,420",
      "Brass hinge,Bristol,75",
    ]);
  });

  it("CSV: a table, quoted commas kept in their cell", async () => {
    const r = await extract(fixture("sample.csv"));
    expect(r.kind).toBe("csv");
    expect(r.markdown).toContain("| City | Country | Population |");
    expect(r.markdown).toContain("| Nuuk, Sermersooq | Greenland | 19872 |");
    expect(r.csv).toContain('"Nuuk, Sermersooq",Greenland,19872');
  });

  it("TXT and MD: content kept, titles from the first line and the first heading", async () => {
    const txt = await extract(fixture("sample.txt"));
    expect(txt).toMatchObject({ kind: "txt", title: "Quarterly Lighthouse Maintenance Log" });
    expect(txt.text).toContain("Keeper Ingrid Solberg replaced two cracked lenses");
    const md = await extract(fixture("sample.md"));
    expect(md).toMatchObject({ kind: "md", title: "Garden Planning Notes" });
    expect(md.markdown).toContain("| Herb spiral | Daily | 5 |");
    expect(md.text).toContain("spring vegetable garden");
    expect(md.text).not.toContain("**");
  });

  it("HTML: readable Markdown without scripts or navigation; the original kept", async () => {
    const r = await extract(fixture("sample.html"));
    expect(r).toMatchObject({ kind: "html", title: "Sourdough Starter Guide" });
    expect(r.markdown).toMatch(/^## Feeding ratio$/m);
    expect(r.markdown).toContain("| 50 g | 100 g | 100 g |");
    expect(r.markdown).toContain("Hooch on top means the starter is hungry.");
    expect(r.markdown).not.toMatch(/tracking pixel|Shop|Copyright/);
    expect(r.html).toContain("<script>");
  });
});

describe("extract: images through offline OCR", () => {
  it.each(["ocr-text.png", "ocr-text.jpg", "ocr-text.webp", "ocr-text.gif"])("%s", async (file) => {
    const r = await extract(fixture(file));
    expect(r.kind).toBe("image");
    expect(r.text).toContain("Invoice number 4821");
    expect(r.text).toContain("Harbour Bakery");
  });

  it("refuses an image above the pixel limit before decoding it", async () => {
    expect(await reasonOf({ ...fixture("ocr-text.png"), limits: { maxImagePixels: 1000 } })).toBe(
      "too_large",
    );
  });
});

describe("extract: corrupt and hostile files", () => {
  it.each([
    ["a binary file named .txt", "corrupt", fixture("binary.txt")],
    ["a PNG named .txt", "corrupt", fixture("ocr-text.png", "notes.txt")],
    ["a truncated PDF", "corrupt", fixture("truncated.pdf")],
    ["a 5,000-page PDF", "too_large", fixture("pages-5000.pdf")],
    ["a zip-bomb DOCX", "too_large", fixture("zip-bomb.docx")],
    ["random bytes named .docx", "corrupt", fixture("binary.txt", "report.docx")],
    ["an unknown binary type", "unsupported", fixture("binary.txt", "tool.exe")],
  ])("%s → %s", async (_label, reason, input) => {
    expect(await reasonOf(input)).toBe(reason);
  });

  it("reads a file by its content when its name lies about a binary type", async () => {
    expect(await detectType(fixture("sample.docx", "report.pdf"))).toMatchObject({ kind: "docx" });
  });

  it("caps the output with a warning", async () => {
    const r = await extract({ ...fixture("multipage.pdf"), limits: { maxOutputChars: 500 } });
    expect(r.markdown.length).toBe(500);
    expect(r.warnings).toContain("The content was cut to 500 characters.");
    expect(capOutput(r, 10_000)).toBe(r);
  });
});

describe("supportedFileExtensions", () => {
  it("lists every kind of spec 2 §5 and nothing executable", () => {
    for (const ext of [
      "pdf",
      "docx",
      "pptx",
      "xlsx",
      "csv",
      "txt",
      "md",
      "html",
      "htm",
      "png",
      "jpg",
      "jpeg",
      "webp",
    ]) {
      expect(supportedFileExtensions).toContain(ext);
    }
    expect(supportedFileExtensions).not.toContain("exe");
  });
});
