import { expect } from "vitest";
import type { TestMnemo, TestUser } from "../../../test/harness.ts";

export const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

export type Presigned = { presigned_url: string; file_key: string; file_id: string };

/** Spec 2 §7 step 1's body for a text file `name` holding `text`. */
export const textFileUpload = (name: string, text: string) => ({
  fileType: "txt",
  metadata: {
    name_base64: b64(name),
    type: "text/plain",
    size: Buffer.byteLength(text),
    source_type: "file",
  },
});

/** Spec 2 §7 step 1: get an upload location. */
export async function presign(
  m: TestMnemo,
  as: TestUser,
  name: string,
  size: number,
  sourceType = "file",
  fileType = "",
) {
  return m.request("POST", "/api/upload/get_presigned_url", {
    as,
    json: {
      fileType: fileType || name.split(".").pop(),
      owner: as.email,
      metadata: { name_base64: b64(name), type: "text/plain", size, source_type: sourceType },
    },
  });
}

/** Spec 2 §7 step 2: PUT the body with the x-amz-meta-* headers. */
export async function putBody(
  m: TestMnemo,
  url: string,
  body: string | Uint8Array,
  name: string,
  sourceType = "file",
) {
  const bytes = new Uint8Array(typeof body === "string" ? Buffer.from(body) : body);
  return m.request("PUT", url, {
    body: bytes,
    headers: {
      "content-type": "text/plain",
      "content-length": String(bytes.length),
      "x-amz-meta-name_base64": b64(name),
      "x-amz-meta-type": "text/plain",
      "x-amz-meta-size": String(bytes.length),
      "x-amz-meta-source_type": sourceType,
    },
  });
}

export async function confirm(
  m: TestMnemo,
  as: TestUser,
  fileId: string,
  extra: Record<string, unknown> = {},
) {
  return m.request("POST", "/api/upload/confirm_upload", {
    as,
    json: {
      file_id: fileId,
      upload_status: "success",
      file_type: "txt",
      is_reindex: false,
      collections: [],
      ...extra,
    },
  });
}

/** The whole presigned flow for one text file; returns the memory id. */
export async function uploadText(m: TestMnemo, as: TestUser, name: string, text: string): Promise<string> {
  const res = await presign(m, as, name, Buffer.byteLength(text));
  expect(res.status).toBe(200);
  const p = (await res.json()) as Presigned;
  expect((await putBody(m, p.presigned_url, text, name)).status).toBe(200);
  const c = await confirm(m, as, p.file_id);
  expect(c.status).toBe(200);
  return p.file_id;
}

export type Status = {
  id: string;
  indexing_status: string;
  type: string;
  error?: string | null;
  warning?: string | null;
};

/** Polls verify-indexing until no item is in_progress (or the deadline passes). */
export async function waitIndexed(
  m: TestMnemo,
  as: TestUser,
  items: { id: string; type: string }[],
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await m.request("POST", "/api/upload/verify_indexing", { as, json: items });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Status[];
    if (rows.every((r) => r.indexing_status !== "in_progress") || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}
