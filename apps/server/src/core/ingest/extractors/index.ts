import { fileTypeFromBuffer } from "file-type";
import { CANVAS_MIME } from "@mnemo/contracts/canvas";
import { resolveLimits } from "./limits.ts";
import { extensionOf, looksBinary } from "./text-utils.ts";
import {
  DOCX_MIME,
  kindByExtension,
  PPTX_MIME,
  XLSX_MIME,
  type Kind,
} from "../../../platform/files/kinds.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";

export { ExtractError } from "./types.ts";
export type { ExtractInput, ExtractLimits, ExtractResult } from "./types.ts";
export { supportedFileExtensions } from "../../../platform/files/kinds.ts";

const textKinds = new Set<Kind>(["csv", "txt", "md", "html"]);
const kindByMime: Record<string, Kind> = {
  "application/pdf": "pdf",
  [DOCX_MIME]: "docx",
  [PPTX_MIME]: "pptx",
  [XLSX_MIME]: "xlsx",
  "image/png": "image",
  "image/jpeg": "image",
  "image/webp": "image",
  "image/gif": "image",
  "image/bmp": "image",
};
const officeKinds = new Set<Kind>(["docx", "pptx", "xlsx"]);

export type DetectedType = { kind: Kind; mimeType: string };

/**
 * The real type of a file: text kinds (txt, md, csv, html) by extension once the bytes are shown
 * not to be binary; binary kinds by their signature. A binary file named .txt is refused as
 * corrupt; a file whose signature is a supported kind is read as that kind whatever its name.
 */
export async function detectType(input: ExtractInput): Promise<DetectedType> {
  // A canvas document is named after its title (`Board.txt`, spec 3 §9); the pipeline says it is one.
  if (input.mimeType === CANVAS_MIME) return { kind: "canvas", mimeType: CANVAS_MIME };
  const byExtension = kindByExtension[extensionOf(input.name)];
  if (byExtension && textKinds.has(byExtension)) {
    if (looksBinary(input.bytes)) throw new ExtractError("The file is binary, not text.", "corrupt");
    return { kind: byExtension, mimeType: textMime[byExtension] ?? "text/plain" };
  }
  const sniffed = await fileTypeFromBuffer(input.bytes).catch(() => undefined);
  const sniffedKind = sniffed ? kindByMime[sniffed.mime] : undefined;
  if (sniffed && sniffedKind) return { kind: sniffedKind, mimeType: sniffed.mime };
  if (sniffed?.mime === "application/zip" && byExtension && officeKinds.has(byExtension)) {
    return { kind: byExtension, mimeType: officeMime[byExtension] ?? sniffed.mime };
  }
  if (byExtension && !sniffed) {
    throw new ExtractError(`The content is not a valid .${extensionOf(input.name)} file.`, "corrupt");
  }
  throw new ExtractError(`Unsupported file type${sniffed ? ` (${sniffed.mime})` : ""}.`, "unsupported");
}

const textMime: Partial<Record<Kind, string>> = {
  csv: "text/csv",
  txt: "text/plain",
  md: "text/markdown",
  html: "text/html",
};
const officeMime: Partial<Record<Kind, string>> = { docx: DOCX_MIME, pptx: PPTX_MIME, xlsx: XLSX_MIME };

/** Sniffs the type, runs its extractor and caps the output. Throws ExtractError only. */
export async function extract(input: ExtractInput): Promise<ExtractResult> {
  const { kind, mimeType } = await detectType(input);
  try {
    const result = await run(kind, mimeType, input);
    return capOutput(result, resolveLimits(input).maxOutputChars);
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    throw new ExtractError(`The ${kind} file could not be read: ${String(err)}`, "corrupt");
  }
}

/** Loads the kind's extractor on first use: a pdf job never loads the OCR or office parsers. */
async function run(kind: Kind, mimeType: string, input: ExtractInput): Promise<ExtractResult> {
  switch (kind) {
    case "pdf":
      return (await import("./pdf.ts")).extractPdf(input);
    case "docx":
      return (await import("./docx.ts")).extractDocx(input);
    case "pptx":
      return (await import("./pptx.ts")).extractPptx(input);
    case "xlsx":
      return (await import("./xlsx.ts")).extractXlsx(input);
    case "csv":
      return (await import("./csv.ts")).extractCsv(input);
    case "txt":
      return (await import("./text.ts")).extractTxt(input);
    case "md":
      return (await import("./text.ts")).extractMd(input);
    case "html":
      return (await import("./html.ts")).extractHtml(input);
    case "image":
      return (await import("./image.ts")).extractImage(input, mimeType);
    case "audio":
      // Recordings never reach the sandbox: the pipeline keeps them as they are (ingest/audio.ts).
      throw new ExtractError("Recordings are kept, not extracted.", "unsupported");
    case "canvas":
      return (await import("./canvas.ts")).extractCanvas(input);
  }
}

/** Cuts markdown, text, csv and html to `maxChars` each, with one warning. */
export function capOutput(result: ExtractResult, maxChars: number): ExtractResult {
  const fields = ["markdown", "text", "csv", "html"] as const;
  const over = fields.some((f) => (result[f]?.length ?? 0) > maxChars);
  if (!over) return result;
  const capped: ExtractResult = {
    ...result,
    warnings: [...result.warnings, `The content was cut to ${maxChars} characters.`],
  };
  for (const f of fields) {
    const value = result[f];
    if (value !== undefined && value.length > maxChars) capped[f] = value.slice(0, maxChars);
  }
  return capped;
}
