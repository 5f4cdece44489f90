import path from "node:path";
import type { Config } from "../config.ts";
import { LocalBlobStore } from "./local.ts";
import type { S3Settings } from "./s3.ts";
import { deriveBlobSecret } from "./signing.ts";
import type { BlobStore } from "./store.ts";

export type { BlobStore } from "./store.ts";

/** The S3 store, its AWS SDK (~40 MB) loaded with the first blob call rather than at start-up. */
function lazyS3BlobStore(settings: S3Settings): BlobStore {
  let store: Promise<BlobStore> | undefined;
  const get = () => (store ??= import("./s3.ts").then(({ S3BlobStore }) => new S3BlobStore(settings)));
  return {
    kind: "s3",
    put: async (key, body, opts) => (await get()).put(key, body, opts),
    get: async (key, range) => (await get()).get(key, range),
    stat: async (key) => (await get()).stat(key),
    delete: async (key) => (await get()).delete(key),
    presignPut: async (key, opts) => (await get()).presignPut(key, opts),
    presignGet: async (key, opts) => (await get()).presignGet(key, opts),
  };
}

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/blobs. */
export function createBlobStore(config: Config, authSecret: string): BlobStore {
  if (config.S3_BUCKET) {
    return lazyS3BlobStore({
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
