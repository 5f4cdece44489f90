import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/** Test-side helpers that create memories through the real API (sign-up, presigned upload, pages, links). */
export const fixtureFiles = path.join(import.meta.dirname, "../apps/server/src/test/fixtures/files");

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

export class MemoryApi {
  constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async signUp(request: APIRequestContext, email: string, name = "Wall Tester"): Promise<MemoryApi> {
    const res = await request.post("/api/auth/sign-up", {
      data: { name, email, password: "correct horse battery" },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const api = new MemoryApi(request, token);
    // Past the first-run screens (spec 3 §4), as finishing onboarding leaves an account.
    await api.call("PATCH", "/api/user/metadata", { submitUserDetails: true });
    return api;
  }

  /** A brand-new account, first-run screens still ahead (onboarding tests). */
  static async signUpFresh(request: APIRequestContext, email: string, name = "New User"): Promise<MemoryApi> {
    const res = await request.post("/api/auth/sign-up", {
      data: { name, email, password: "correct horse battery" },
    });
    expect(res.status(), await res.text()).toBe(200);
    return new MemoryApi(request, ((await res.json()) as { token: string }).token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}`, Source: "webapp" };
  }

  async call<T>(method: "GET" | "POST" | "PUT" | "PATCH", url: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(url, { method, headers: this.headers, data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  }

  /** The spec's presigned flow: get an upload location, PUT the bytes with x-amz-meta-*, confirm. */
  async uploadFile(
    name: string,
    bytes: Buffer,
    mime: string,
    sourceType: "file" | "image" = "file",
  ): Promise<string> {
    const ext = name.split(".").pop() ?? "";
    const meta = { name_base64: b64(name), type: mime, size: bytes.length, source_type: sourceType };
    const p = await this.call<{ presigned_url: string; file_id: string }>(
      "POST",
      "/api/upload/get_presigned_url",
      { fileType: ext, metadata: meta },
    );
    const put = await this.request.fetch(p.presigned_url, {
      method: "PUT",
      data: bytes,
      headers: {
        "content-type": mime,
        "x-amz-meta-name_base64": meta.name_base64,
        "x-amz-meta-type": mime,
        "x-amz-meta-size": String(bytes.length),
        "x-amz-meta-source_type": sourceType,
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    const c = await this.call<{ id: string }>("POST", "/api/upload/confirm_upload", {
      file_id: p.file_id,
      upload_status: "success",
      file_type: ext,
    });
    return c.id;
  }

  uploadFixture(name: string, mime: string, sourceType: "file" | "image" = "file") {
    return this.uploadFile(name, fs.readFileSync(path.join(fixtureFiles, name)), mime, sourceType);
  }

  /** A page (note) memory from Markdown, turned into blocks by the server's parser. */
  async createPage(title: string, markdown: string): Promise<string> {
    const { blocks } = await this.call<{ blocks: unknown[] }>("POST", "/api/blocknote-parser", { markdown });
    const page = await this.call<{ id: string }>("POST", "/api/pages", {
      title,
      blocks,
      markdown,
      collections: [],
    });
    return page.id;
  }

  async saveLink(link: string): Promise<string> {
    const r = await this.call<{ web_pages: { id: string | null; status: string; message?: string }[] }>(
      "POST",
      "/api/upload/web_pages",
      { web_pages: [{ link }] },
    );
    const first = r.web_pages[0];
    expect(first?.id, first?.message).toBeTruthy();
    return first?.id ?? "";
  }

  /** Waits until no memory is indexing any more; returns their statuses by id. */
  async waitIndexed(ids: string[], timeoutMs = 45_000): Promise<Record<string, string>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const items = await this.call<{ id: string; indexing_status: string }[]>(
        "POST",
        "/api/upload/verify_indexing",
        ids.map((id) => ({ id, type: "file" })),
      );
      const statuses = Object.fromEntries(items.map((i) => [i.id, i.indexing_status]));
      if (items.every((i) => i.indexing_status !== "in_progress")) return statuses;
      if (Date.now() > deadline) throw new Error(`still indexing: ${JSON.stringify(statuses)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
