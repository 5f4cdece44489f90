import type { GetPresignedUrlInput } from "@mnemo/contracts";
import * as blobsRepo from "./repo.ts";
import type { Tx } from "../db/client.ts";
import type { BlobStore } from "./store.ts";

/** Presigned upload URLs live this long (seconds). */
const PRESIGN_TTL = 15 * 60;

/**
 * Records a blob as pending (it becomes a memory's file only when the upload is confirmed) and
 * presigns the PUT of its bytes, carrying the uploader's declared name, type, size and source type
 * as the object's metadata (spec 2 §7 "get upload location"; files, pages and canvases alike).
 */
export async function presignPendingUpload(
  db: Tx,
  blobs: BlobStore,
  row: { key: string; fileId: string; ownerId: string; name: string; mimeType: string; kind: string },
  metadata: GetPresignedUrlInput["metadata"],
) {
  await blobsRepo.upsertPendingBlob(db, {
    key: row.key,
    ownerId: row.ownerId,
    name: row.name,
    mimeType: row.mimeType,
    size: metadata.size,
    kind: row.kind,
  });
  const presigned_url = await blobs.presignPut(row.key, {
    expiresInSeconds: PRESIGN_TTL,
    size: metadata.size,
    metadata: {
      name_base64: metadata.name_base64,
      type: metadata.type,
      size: String(metadata.size),
      source_type: metadata.source_type,
    },
  });
  return { presigned_url, file_key: row.key, file_id: row.fileId };
}
