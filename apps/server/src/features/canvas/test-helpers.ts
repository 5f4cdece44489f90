import { expect } from "vitest";
import type { TestMnemo, TestUser } from "../../test/harness.ts";
import { b64, putBody, type Presigned } from "../../core/ingest/test/helpers.ts";

/** An Excalidraw document with these words as text elements (and one rectangle). */
export function excalidrawDoc(...words: string[]) {
  return JSON.stringify({
    type: "excalidraw",
    version: 2,
    source: "test",
    elements: [
      { id: "r1", type: "rectangle", x: 0, y: 0, width: 100, height: 50 },
      ...words.map((text, i) => ({
        id: `t${i}`,
        type: "text",
        x: 10,
        y: 80 + i * 40,
        text,
        originalText: text,
      })),
    ],
    appState: {},
    files: {},
  });
}

/** Spec 3 §7 presign with canvas_data_type. */
export async function presignCanvas(
  m: TestMnemo,
  as: TestUser,
  kind: "canvas" | "canvas_screenshot",
  size: number,
  fileId?: string,
  title = "Board",
) {
  return m.request("POST", "/api/upload/get_presigned_url", {
    as,
    json: {
      fileType: kind === "canvas" ? "txt" : "png",
      file_id: fileId,
      canvas_data_type: kind,
      metadata: {
        name_base64: b64(kind === "canvas" ? `${title}.txt` : `${title}.png`),
        type: kind === "canvas" ? "application/json" : "image/png",
        size,
        source_type: kind === "canvas" ? "file" : "image",
      },
    },
  });
}

/** A whole canvas save: document, optional screenshot, confirm. Returns the confirm response. */
export async function saveCanvas(
  m: TestMnemo,
  as: TestUser,
  doc: string,
  opts: { fileId?: string; baseVersion?: number; screenshot?: Uint8Array; collections?: string[] } = {},
) {
  const res = await presignCanvas(m, as, "canvas", Buffer.byteLength(doc), opts.fileId);
  expect(res.status).toBe(200);
  const p = (await res.json()) as Presigned;
  expect((await putBody(m, p.presigned_url, doc, "Board.txt")).status).toBe(200);
  let screenshotKey: string | undefined;
  if (opts.screenshot) {
    const s = (await (
      await presignCanvas(m, as, "canvas_screenshot", opts.screenshot.length, p.file_id)
    ).json()) as Presigned;
    expect((await putBody(m, s.presigned_url, opts.screenshot, "Board.png", "image")).status).toBe(200);
    screenshotKey = s.file_key;
  }
  return m.request("POST", "/api/upload/confirm_upload", {
    as,
    json: {
      file_id: p.file_id,
      upload_status: "success",
      file_type: "canvas",
      canvas_key: p.file_key,
      screenshot_key: screenshotKey,
      base_version: opts.baseVersion,
      collections: opts.collections,
    },
  });
}
