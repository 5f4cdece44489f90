import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blob } from "../db/schema/index.ts";
import { buildSource } from "../../test/factories.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection, setPlan } from "../../features/collections/test-factories.ts";

const bytes = new TextEncoder().encode("\x89PNG pretend image bytes");

describe.each(testDatabases())("signed file URLs of shared memories on %s", (kind) => {
  let m: TestMnemo;
  let owner: TestUser;
  let member: TestUser;
  let memoryId: string;
  let collectionId: string;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    [owner, member] = [await m.buildUser(), await m.buildUser()];
    await setPlan(m.ctx.database.db, owner, "team");
    const key = `${owner.id}/${crypto.randomUUID()}.png`;
    memoryId = await buildSource(m, owner, {
      type: "image",
      title: "Whiteboard.png",
      meta: { file_key: key },
    });
    await m.ctx.blobs.put(key, bytes, { maxBytes: 1024, contentType: "image/png" });
    await m.ctx.database.db.insert(blob).values({
      key,
      ownerId: owner.id,
      sourceId: memoryId,
      name: "Whiteboard.png",
      mimeType: "image/png",
      size: bytes.length,
      state: "uploaded",
    });
    collectionId = await buildCollection(m, owner, {
      shareWith: [[member, "read"]],
      memories: [memoryId],
    });
  });
  afterAll(async () => {
    await m?.close();
  });

  const urlFor = async (as: TestUser) => {
    const res = await m.request("POST", "/api/sources/preview_urls", {
      as,
      json: { items: [{ file_id: memoryId, type: "file" }] },
    });
    return ((await res.json()) as Record<string, string>)[memoryId];
  };
  const download = (url: string) => m.request("GET", url);

  it("stops a member's file URLs the moment the member is revoked; the owner's keep working", async () => {
    const memberUrl = await urlFor(member);
    const contentUrl = (
      (await (await m.request("GET", `/api/sources/${memoryId}/content`, { as: member })).json()) as {
        content: { files: { url: string }[] };
      }
    ).content.files[0].url;
    const ownerUrl = await urlFor(owner);
    expect(memberUrl).toBeTruthy();
    const ok = await download(memberUrl);
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(bytes);
    expect((await download(contentUrl)).status).toBe(200);

    const rev = await m.request("DELETE", `/api/collection/${collectionId}/revoke_access`, {
      as: owner,
      json: { recipient_email_id: member.email },
    });
    expect(rev.status).toBe(200);

    for (const url of [memberUrl, contentUrl]) {
      const gone = await download(url);
      expect(gone.status).toBe(404);
      expect(await gone.text()).not.toContain("PNG");
    }
    expect((await download(ownerUrl)).status).toBe(200);
  });

  it("serves a byte range (206) so a player can seek, and 416 for a range past the end", async () => {
    const url = await urlFor(owner);
    const whole = await download(url);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const part = await m.request("GET", url, { headers: { range: "bytes=1-3" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1-3/${bytes.length}`);
    expect(part.headers.get("content-length")).toBe("3");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(1, 4));
    const tail = await m.request("GET", url, { headers: { range: "bytes=-5" } });
    expect(tail.status).toBe(206);
    expect(new TextDecoder().decode(await tail.arrayBuffer())).toBe("bytes");
    const past = await m.request("GET", url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    expect(await past.text()).toBe("");
  });

  it("refuses a URL whose reader was swapped or stripped (the reader is signed)", async () => {
    const url = new URL(await urlFor(owner), "http://x");
    const swapped = new URL(url);
    swapped.searchParams.set("u", member.id);
    expect((await download(swapped.pathname + swapped.search)).status).toBe(403);
    const stripped = new URL(url);
    stripped.searchParams.delete("u");
    stripped.searchParams.delete("s");
    expect((await download(stripped.pathname + stripped.search)).status).toBe(403);
  });
});
