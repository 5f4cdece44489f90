import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LocalBlobStore } from "./local.ts";
import { BlobTooLargeError, readBlob } from "./store.ts";

describe("readBlob", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-read-blob-"));
  const store = new LocalBlobStore(dir, "test-secret-test-secret-test-secret-123");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads a stored body of many parts whole, and nothing for a missing key", async () => {
    const body = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 251);
    await store.put("u/big.bin", body, { maxBytes: 10 * 1024 * 1024 });
    const read = await readBlob(store, "u/big.bin", 10 * 1024 * 1024);
    expect(read?.length).toBe(body.length);
    expect(Buffer.compare(Buffer.from(read!), Buffer.from(body))).toBe(0);
    expect(await readBlob(store, "u/missing.bin", 1024)).toBeNull();
  });

  it("refuses a body past the limit", async () => {
    await store.put("u/five.bin", new Uint8Array(5000), { maxBytes: 10_000 });
    await expect(readBlob(store, "u/five.bin", 4096)).rejects.toBeInstanceOf(BlobTooLargeError);
  });
});
