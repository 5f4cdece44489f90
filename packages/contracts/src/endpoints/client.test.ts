import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, type EndpointSpec } from "./endpoint.ts";
import { ApiResponseError, apiPath, createApiClient, InvalidAnswerError } from "./client.ts";
import { endpoints } from "./index.ts";

type Sent = { url: string; init: RequestInit };

function scripted(answer: () => Response) {
  const sent: Sent[] = [];
  const client = createApiClient({
    baseUrl: "https://mnemo.example",
    fetch: async (url, init) => {
      sent.push({ url, init });
      return answer();
    },
    headers: () => ({ source: "test" }),
  });
  return { client, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("endpoint table", () => {
  it("holds each method and path once (the qna variant aside)", () => {
    const all = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointSpec[]);
    const keys = all
      .filter((e) => e !== endpoints.chat.executeToolCall)
      .map((e) => `${e.method.toUpperCase()} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(100);
  });
});

describe("apiPath", () => {
  it("fills and encodes path parameters and writes the query in key order", () => {
    expect(apiPath(endpoints.collections.share, { params: { id: "a/b c" } })).toBe(
      "/api/collection/a%2Fb%20c/share",
    );
    expect(
      apiPath(endpoints.apps.search, {
        query: { query: "tides & more", app_name: "mail", is_retry_request: "false", sort: undefined },
      }),
    ).toBe("/api/search_v1/get_queried_data?query=tides+%26+more&app_name=mail&is_retry_request=false");
    expect(apiPath(endpoints.transfer.export, { query: {} })).toBe("/api/export");
    expect(apiPath(endpoints.blobs.download, { params: { key: "u1/x.png" } })).toBe("/api/blob/u1%2Fx.png");
  });

  it("refuses a missing path parameter", () => {
    expect(() => apiPath(endpoints.sources.get, { params: {} as { id: string } })).toThrow(/:id/);
  });
});

describe("createApiClient", () => {
  it("sends the JSON body with the client's headers and parses the answer with the schema", async () => {
    const { client, sent } = scripted(() => json(200, { id: "p1", title: "T", extra: 1 }));
    const e = endpoint({
      method: "post",
      path: "/pages",
      summary: "test",
      tag: "test",
      body: z.object({ title: z.string() }),
      response: z.object({ id: z.string(), title: z.string() }),
    });
    await expect(client.call(e, { body: { title: "T" } })).resolves.toEqual({ id: "p1", title: "T" });
    expect(sent[0].url).toBe("https://mnemo.example/api/pages");
    expect(sent[0].init.method).toBe("POST");
    expect(sent[0].init.headers).toEqual({ source: "test", "content-type": "application/json" });
    expect(sent[0].init.body).toBe('{"title":"T"}');
  });

  it("sends a form or a raw body as is", async () => {
    const { client, sent } = scripted(() => json(200, { run: {} }));
    const form = new FormData();
    form.set("source_id", "s1");
    await client.send(endpoints.transcribe.transcribe, { form });
    expect(sent[0].init.body).toBe(form);
    expect(sent[0].init.headers).toEqual({ source: "test" });
    const file = new Blob(["x"]);
    await client.send(endpoints.transfer.startImport, { query: { file_name: "a.zip" }, raw: file });
    expect(sent[1].url).toBe("https://mnemo.example/api/import?file_name=a.zip");
    expect(sent[1].init.body).toBe(file);
  });

  it("raises a refusal with its status and body, and an answer that does not match", async () => {
    const refused = scripted(() => json(409, { error: "conflict", message: "Taken." }));
    const err = await refused.client.call(endpoints.users.getMe).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiResponseError);
    expect(err).toMatchObject({ status: 409, body: { error: "conflict" }, message: "Taken." });
    const odd = scripted(() => json(200, { nope: true }));
    await expect(odd.client.call(endpoints.users.getMe)).rejects.toBeInstanceOf(InvalidAnswerError);
  });

  it("answers the open Response of a streaming endpoint, and its refusal's text", async () => {
    const ok = scripted(() => new Response('{"a":1}\n', { status: 200 }));
    const res = await ok.client.call(endpoints.chat.qna, { body: { question: "Why?" } });
    expect(await res.text()).toBe('{"a":1}\n');
    const refused = scripted(() => new Response("Daily limit reached.", { status: 403 }));
    await expect(
      refused.client.call(endpoints.chat.qna, { body: { question: "Why?" } }),
    ).rejects.toMatchObject({
      status: 403,
      message: "Daily limit reached.",
    });
  });

  it("takes an answer as is when told not to check it", async () => {
    const client = createApiClient({ fetch: async () => json(200, { nope: true }), validate: false });
    await expect(client.call(endpoints.users.getMe)).resolves.toEqual({ nope: true });
  });
});
