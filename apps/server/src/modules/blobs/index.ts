import path from "node:path";
import type { Config } from "../../config.ts";
import { LocalBlobStore } from "./local.ts";
import { S3BlobStore } from "./s3.ts";
import { deriveBlobSecret } from "./signing.ts";
import type { BlobStore } from "./store.ts";

export type { BlobStore } from "./store.ts";

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/blobs. */
export function createBlobStore(config: Config, authSecret: string): BlobStore {
  if (config.S3_BUCKET) {
    return new S3BlobStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalBlobStore(
    path.join(config.dataDir, "blobs"),
    deriveBlobSecret(authSecret),
    config.PUBLIC_URL?.replace(/\/$/, "") ?? "",
  );
}
