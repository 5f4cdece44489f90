import {
  ApiResponseError,
  createApiClient,
  endpoints,
  type CallArgs,
  type Collection,
  type EndpointInput,
  type EndpointOutput,
  type EndpointSpec,
  type VerifyIndexingResult,
} from "@mnemo/contracts";

export type { Collection };

/**
 * The extension's calls to a Mnemo server (the same API as the web app, bearer token). The
 * settings (server address, token, chosen collection) live in chrome.storage.local.
 */
export type Settings = { server: string; token: string; email: string; collectionId: string };
export type Saved = {
  id: string;
  type: string;
  title: string;
  status: "indexing" | "success" | "errored";
  at: number;
};

export async function loadSettings(): Promise<Settings> {
  const s = (await chrome.storage.local.get([
    "server",
    "token",
    "email",
    "collectionId",
  ])) as Partial<Settings>;
  return {
    server: s.server ?? "",
    token: s.token ?? "",
    email: s.email ?? "",
    collectionId: s.collectionId ?? "",
  };
}

export async function saveSettings(patch: Partial<Settings>) {
  await chrome.storage.local.set(patch);
}

export class MnemoError extends Error {}

/** The typed client of the endpoint table, for the signed-in server (answers are not re-checked). */
function client(settings: Pick<Settings, "server" | "token">) {
  return createApiClient({
    baseUrl: settings.server.replace(/\/$/, ""),
    fetch: (url, init) => fetch(url, init),
    headers: {
      "content-type": "application/json",
      source: "extension",
      ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
    },
    // A server of another version may answer a little differently; what is read here is checked.
    validate: false,
  });
}

/** Calls an endpoint of the signed-in server; its refusals become the extension's messages. */
async function call<E extends EndpointSpec>(
  settings: Pick<Settings, "server" | "token">,
  e: E,
  input: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  if (!settings.server) throw new MnemoError("Sign in to Mnemo first.");
  const answer = await client(settings)
    .call(e, ...([input] as CallArgs<E>))
    .catch((err: unknown) => {
      if (!(err instanceof ApiResponseError)) throw err;
      // Only a request that carried a session can find it ended; a sign-in's 401 says why (a wrong password).
      if (err.status === 401 && settings.token)
        throw new MnemoError("Your Mnemo session has ended: sign in again.");
      const message = (err.body as { message?: string } | undefined)?.message;
      throw new MnemoError(message ?? `Mnemo answered ${err.status}.`);
    });
  return (answer ?? {}) as EndpointOutput<E>;
}

export async function signIn(server: string, email: string, password: string): Promise<string> {
  const r = await call({ server, token: "" }, endpoints.auth.signIn, { body: { email, password } });
  return r.token;
}

export async function listCollections(settings: Settings): Promise<Collection[]> {
  const r = await call(settings, endpoints.collections.list, {});
  return r.collections.filter((c) => c.policies.add_sources);
}

/** Saves a page with the readable content the browser rendered (pages behind a login included). */
export async function savePage(settings: Settings, page: { url: string; title: string; content: string }) {
  const r = await call(settings, endpoints.uploads.webPages, {
    body: {
      web_pages: [{ link: page.url, title: page.title, content: page.content, upload_source: "extension" }],
      collectionId: settings.collectionId || null,
    },
  });
  const result = r.web_pages[0];
  if (!result?.id) throw new MnemoError(result?.message ?? "Mnemo could not save this page.");
  return result.id;
}

/** Saves text as a note (a page memory), with where it came from. */
export async function saveNote(settings: Settings, note: { title: string; text: string; url: string }) {
  const paragraphs = [
    ...note.text
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
    `From ${note.url}`,
  ];
  const blocks = paragraphs.map((p) => ({
    type: "paragraph",
    content: [{ type: "text", text: p, styles: {} }],
  }));
  const markdown = paragraphs.join("\n\n");
  const r = await call(settings, endpoints.pages.create, {
    body: {
      title: note.title,
      blocks,
      markdown,
      collections: settings.collectionId ? [settings.collectionId] : [],
    },
  });
  return r.id;
}

/** Indexing status of saved memories (spec: in_progress is shown as indexing). */
export async function verifyIndexing(
  settings: Settings,
  items: { id: string; type: string }[],
): Promise<VerifyIndexingResult[]> {
  if (!items.length) return [];
  return call(settings, endpoints.uploads.verifyIndexing, { body: items });
}

export async function recent(): Promise<Saved[]> {
  return ((await chrome.storage.local.get("recent")).recent as Saved[] | undefined) ?? [];
}

export async function remember(item: Saved) {
  const list = [item, ...(await recent()).filter((r) => r.id !== item.id)].slice(0, 10);
  await chrome.storage.local.set({ recent: list });
}

export async function refreshStatuses(settings: Settings): Promise<Saved[]> {
  const list = await recent();
  const pending = list.filter((r) => r.status === "indexing");
  if (!pending.length) return list;
  const statuses = await verifyIndexing(
    settings,
    pending.map((p) => ({ id: p.id, type: p.type })),
  ).catch(() => []);
  const byId = new Map(statuses.map((s) => [s.id, s.indexing_status]));
  const next = list.map((r) => {
    const s = byId.get(r.id);
    if (!s) return r;
    return {
      ...r,
      status: s === "in_progress" ? "indexing" : s === "errored" ? "errored" : "success",
    } as Saved;
  });
  await chrome.storage.local.set({ recent: next });
  return next;
}
