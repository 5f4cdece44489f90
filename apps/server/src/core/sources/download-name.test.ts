import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { uploadText, waitIndexed } from "../ingest/test/helpers.ts";

/**
 * Downloads are named after the memory's file (issue 41): the signed blob URL of a preview answers
 * with the original name in Content-Disposition, not the storage key's UUID, and the name is signed.
 */
describe.each(testDatabases())("download file names on %s", (kind) => {
  let m: TestMnemo;
  let user: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    user = await m.buildUser();
  });
  afterAll(async () => {
    await m?.close();
  });

  it("serves a memory's file under its original name", async () => {
    const name = "Quarterly report (final).txt";
    const id = await uploadText(m, user, name, "Numbers for the quarter.");
    await waitIndexed(m, user, [{ id, type: "file" }]);
    const content = (await (await m.request("GET", `/api/sources/${id}/content`, { as: user })).json()) as {
      content: { files: { name: string; url: string }[] };
    };
    const file = content.content.files[0]!;
    expect(file.name).toBe(name);
    const res = await m.request("GET", file.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("Numbers for the quarter.");
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename="Quarterly report (final).txt"`);
    expect(disposition).toContain("filename*=UTF-8''Quarterly%20report%20%28final%29.txt");

    // The name is part of the signature: another one is refused.
    const forged = new URL(file.url, "http://mnemo.test");
    forged.searchParams.set("n", "invoice.exe");
    expect((await m.request("GET", forged.pathname + forged.search)).status).toBe(403);
  });
});
