/**
 * The collection authorization matrix: every collection route and every collection-scoped path of
 * other modules, with the exact status each actor must get. Other modules: add your
 * collection-scoped paths to `collectionScopedCases` (a case whose route is not registered yet is
 * skipped and reported, so the table can run ahead of the code).
 */

export const matrixActors = [
  "anonymous",
  "stranger",
  "read",
  "write",
  "admin",
  "revoked",
  "owner",
  "unverified",
] as const;
/**
 * `unverified` registered the address of a pending write grant without proving it (no verified
 * e-mail, no invitation link): it must fare exactly as `stranger` on every row (issue 12 item 3).
 */
export type MatrixActor = (typeof matrixActors)[number];
/** Actors with their own expected column (`unverified` takes the stranger's). */
export type ExpectedActor = Exclude<MatrixActor, "unverified">;

/** What one case works on: a collection owned by `owner`, shared with read/write/admin, one grant revoked. */
export type MatrixFixture = {
  collectionId: string;
  /** A memory of the owner inside the collection (its title is unique to this fixture). */
  memoryId: string;
  memoryTitle: string;
  /** A page (note) of the owner inside the collection. */
  pageId: string;
  /** Each signed-in actor's own memory, not in the collection. */
  ownMemory: Record<Exclude<MatrixActor, "anonymous">, string>;
  /** An e-mail holding a read grant that nobody uses (target of revoke). */
  spareGrantEmail: string;
};

export type MatrixCase = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as registered in Hono (used to skip cases whose module has not landed). */
  route: string;
  url: (f: MatrixFixture) => string;
  body?: (f: MatrixFixture, actor: MatrixActor) => unknown;
  expect: Record<ExpectedActor, number>;
  /** The call changes state: each actor gets a fresh fixture; a refused call must change nothing. */
  mutates?: boolean;
  /** The response shows the collection's memory title exactly when the actor may read ("both"), or must never show it when refused ("deny-only"). */
  leak?: "both" | "deny-only";
  /**
   * Known gaps in another module, by actor: the expected status is not met yet. The test still
   * requires a refusal (4xx) for these actors — never an allow — and prints the gap.
   */
  pending?: Partial<Record<ExpectedActor, string>>;
};

const ownerOnly = {
  anonymous: 401,
  stranger: 404,
  revoked: 404,
  read: 403,
  write: 403,
  admin: 403,
  owner: 200,
};
const read = { anonymous: 401, stranger: 404, revoked: 404, read: 200, write: 200, admin: 200, owner: 200 };
const write = { ...read, read: 403 };
const admin = { ...write, write: 403 };
const everyone = {
  anonymous: 401,
  stranger: 200,
  revoked: 200,
  read: 200,
  write: 200,
  admin: 200,
  owner: 200,
};

/** The collections module's own routes (all of them: the test checks none is missing). */
export const collectionRouteCases: MatrixCase[] = [
  {
    name: "list collections",
    method: "GET",
    route: "/api/collection",
    url: () => "/api/collection",
    expect: everyone,
    leak: "both",
  },
  {
    name: "create a collection",
    method: "PUT",
    route: "/api/collection",
    url: () => "/api/collection",
    body: (_f, a) => ({ collection_name: `Mine ${a}` }),
    expect: { ...everyone, stranger: 201, revoked: 201, read: 201, write: 201, admin: 201, owner: 201 },
  },
  {
    name: "update a collection",
    method: "PUT",
    route: "/api/collection",
    url: (f) => `/api/collection?collection_id=${f.collectionId}&description=changed`,
    expect: admin,
    mutates: true,
  },
  {
    name: "get a collection",
    method: "GET",
    route: "/api/collection/:id",
    url: (f) => `/api/collection/${f.collectionId}`,
    expect: read,
    leak: "both",
  },
  {
    name: "page its memories",
    method: "GET",
    route: "/api/collection/:id/sources",
    url: (f) => `/api/collection/${f.collectionId}/sources`,
    expect: read,
    leak: "both",
  },
  {
    name: "delete it",
    method: "DELETE",
    route: "/api/collection/delete",
    url: () => "/api/collection/delete",
    body: (f) => [f.collectionId],
    expect: admin,
    mutates: true,
  },
  {
    name: "add own memory",
    method: "POST",
    route: "/api/collection/add_sources",
    url: (f) => `/api/collection/add_sources?collection_id=${f.collectionId}`,
    body: (f, a) => ({ documents: [a === "anonymous" ? f.memoryId : f.ownMemory[a]] }),
    expect: write,
    mutates: true,
  },
  {
    name: "remove a memory",
    method: "POST",
    route: "/api/collection/remove_sources",
    url: (f) => `/api/collection/remove_sources?collection_id=${f.collectionId}`,
    body: (f) => ({ documents: [f.memoryId] }),
    expect: write,
    mutates: true,
  },
  {
    name: "set custom instructions",
    method: "PUT",
    route: "/api/collection/:id/add_custom_instructions",
    url: (f) => `/api/collection/${f.collectionId}/add_custom_instructions?custom_instructions=Be%20terse`,
    expect: admin,
    mutates: true,
  },
  {
    name: "share",
    method: "POST",
    route: "/api/collection/:id/share",
    url: (f) => `/api/collection/${f.collectionId}/share`,
    body: (f) => ({
      collection_id: f.collectionId,
      recipient_email_ids: ["newcomer@example.com"],
      type_of_access: "admin",
    }),
    expect: admin,
    mutates: true,
  },
  {
    name: "claim an invitation (a guessed token reaches nothing)",
    method: "POST",
    route: "/api/collection/invitation/claim",
    url: () => "/api/collection/invitation/claim",
    body: () => ({ token: "guessed-token-that-was-never-issued" }),
    expect: {
      anonymous: 401,
      stranger: 404,
      revoked: 404,
      read: 404,
      write: 404,
      admin: 404,
      owner: 404,
    },
    mutates: true,
  },
  {
    name: "preview an invitation (public: names only; a guessed token reaches nothing)",
    method: "POST",
    route: "/api/collection/invitation/preview",
    url: () => "/api/collection/invitation/preview",
    body: () => ({ token: "guessed-token-that-was-never-issued" }),
    expect: {
      anonymous: 404,
      stranger: 404,
      revoked: 404,
      read: 404,
      write: 404,
      admin: 404,
      owner: 404,
    },
  },
  {
    name: "revoke",
    method: "DELETE",
    route: "/api/collection/:id/revoke_access",
    url: (f) => `/api/collection/${f.collectionId}/revoke_access`,
    body: (f) => ({
      collection_id: f.collectionId,
      recipient_email_id: f.spareGrantEmail,
      type_of_access: "read",
    }),
    expect: admin,
    mutates: true,
  },
];

/** Collection-scoped paths of other modules (search, chat, previews, pages). Extend here. */
export const collectionScopedCases: MatrixCase[] = [
  {
    name: "wall filtered to the collection",
    method: "GET",
    route: "/api/sources",
    url: (f) => `/api/sources?collection_id=${f.collectionId}`,
    expect: everyone,
    leak: "both",
  },
  {
    name: "memory search in the collection",
    method: "POST",
    route: "/api/sources/search",
    url: () => "/api/sources/search",
    body: (f) => ({ search_query: f.memoryTitle, collection_id: f.collectionId }),
    expect: everyone,
    leak: "deny-only",
  },
  {
    name: "a memory of the collection",
    method: "GET",
    route: "/api/sources/:id",
    url: (f) => `/api/sources/${f.memoryId}`,
    expect: read,
    leak: "both",
  },
  {
    name: "preview content of its memory",
    method: "GET",
    route: "/api/sources/:id/content",
    url: (f) => `/api/sources/${f.memoryId}/content`,
    expect: read,
  },
  {
    name: "chat over the collection (/qna with collection_id)",
    method: "POST",
    route: "/api/qna",
    url: () => "/api/qna",
    body: (f) => ({ question: f.memoryTitle, collection_id: f.collectionId }),
    expect: read,
    leak: "deny-only",
  },
  {
    name: "open a page in the collection",
    method: "GET",
    route: "/api/pages/:id",
    url: (f) => `/api/pages/${f.pageId}`,
    expect: read,
  },
  {
    name: "edit a page in the collection",
    method: "PUT",
    route: "/api/pages/:id",
    url: (f) => `/api/pages/${f.pageId}`,
    body: () => ({ title: "Edited by a member", blocks: [] }),
    expect: write,
    mutates: true,
  },
  {
    name: "chat over one memory of the collection (/qna with source_id)",
    method: "POST",
    route: "/api/qna",
    url: () => "/api/qna",
    body: (f) => ({ question: f.memoryTitle, source_id: f.memoryId }),
    expect: read,
    leak: "deny-only",
  },
  {
    name: "chat with the collection in the context list",
    method: "POST",
    route: "/api/qna",
    url: () => "/api/qna",
    // The question names the memory's unique word, not its title: a 200 answer echoes the question.
    body: (f) => ({
      question: `What is ${f.memoryTitle.split(" ")[1]}?`,
      context_list: [{ id: f.collectionId, type: "collection" }],
    }),
    expect: everyone,
    leak: "both",
  },
  {
    name: "chat over everything (/qna without a scope) reads the shared collections",
    method: "POST",
    route: "/api/qna",
    url: () => "/api/qna",
    body: (f) => ({ question: `What is ${f.memoryTitle.split(" ")[1]}?` }),
    expect: everyone,
    leak: "both",
  },
  {
    name: "memory search in the Shared tab (others' memories shared with the actor)",
    method: "POST",
    route: "/api/sources/search",
    url: () => "/api/sources/search",
    body: (f) => ({ search_query: f.memoryTitle.split(" ")[1], active_item: "shared" }),
    expect: everyone,
    leak: "deny-only",
  },
  {
    name: "chat with its memory in the context list",
    method: "POST",
    route: "/api/qna",
    url: () => "/api/qna",
    body: (f) => ({
      question: `What is ${f.memoryTitle.split(" ")[1]}?`,
      context_list: [{ id: f.memoryId, type: "source" }],
    }),
    expect: everyone,
    leak: "both",
  },
  {
    name: "preview URLs of its memory",
    method: "POST",
    route: "/api/sources/preview_urls",
    url: () => "/api/sources/preview_urls",
    body: (f) => ({ items: [{ file_id: f.memoryId, type: "file" }] }),
    expect: everyone,
  },
  {
    name: "save a new page into the collection",
    method: "POST",
    route: "/api/pages",
    url: () => "/api/pages",
    body: (f) => ({ title: "Into the collection", blocks: [], collections: [f.collectionId] }),
    expect: { ...write, read: 404 },
    mutates: true,
  },
  {
    name: "rename a page of the collection (owner only)",
    method: "PUT",
    route: "/api/sources/rename",
    url: () => "/api/sources/rename",
    body: (f) => ({ source_id: f.pageId, new_title: "Renamed by someone" }),
    expect: ownerOnly,
    mutates: true,
  },
  {
    name: "pin a page of the collection (owner only)",
    method: "PUT",
    route: "/api/sources/pin",
    url: () => "/api/sources/pin",
    body: (f) => ({ source_id: f.pageId, is_pinned: true }),
    expect: ownerOnly,
    mutates: true,
  },
  {
    name: "retry a page of the collection (owner only; not failed: conflict)",
    method: "POST",
    route: "/api/sources/:id/retry",
    url: (f) => `/api/sources/${f.pageId}/retry`,
    expect: { ...ownerOnly, owner: 409 },
    mutates: true,
  },
  {
    // Issue 45: each reader's cards are their own; making them changes nothing of the collection
    // (the fixture's memory has no sentence that makes a card: the rows check who is refused).
    name: "make review cards from the collection",
    method: "POST",
    route: "/api/review/cards/make",
    url: () => "/api/review/cards/make",
    body: (f) => ({ collection_id: f.collectionId }),
    expect: read,
    leak: "deny-only",
  },
  {
    name: "make review cards from its memory",
    method: "POST",
    route: "/api/review/cards/make",
    url: () => "/api/review/cards/make",
    body: (f) => ({ memory_id: f.memoryId }),
    expect: read,
    leak: "deny-only",
  },
  {
    name: "review cards of the collection",
    method: "GET",
    route: "/api/review/cards",
    url: (f) => `/api/review/cards?collection_id=${f.collectionId}`,
    expect: read,
    leak: "deny-only",
  },
  {
    name: "review cards of its memory",
    method: "GET",
    route: "/api/review/cards",
    url: (f) => `/api/review/cards?memory_id=${f.memoryId}`,
    expect: read,
    leak: "deny-only",
  },
  {
    name: "due review cards (the actor's own; never those of a memory the actor cannot read)",
    method: "GET",
    route: "/api/review/due",
    url: () => "/api/review/due",
    expect: everyone,
    leak: "deny-only",
  },
  {
    name: "Anki export of the actor's review cards",
    method: "GET",
    route: "/api/review/export.csv",
    url: () => "/api/review/export.csv",
    expect: everyone,
    leak: "deny-only",
  },
  {
    // Issue 45: the brief reads every memory of the collection; a reader's brief is the collection's.
    name: "brief of the collection",
    method: "GET",
    route: "/api/collection/:id/brief",
    url: (f) => `/api/collection/${f.collectionId}/brief`,
    expect: read,
    leak: "deny-only",
  },
  {
    name: "every passage of the collection about its memory's title",
    method: "GET",
    route: "/api/collection/:id/passages",
    url: (f) => `/api/collection/${f.collectionId}/passages?q=${encodeURIComponent(f.memoryTitle)}`,
    expect: read,
    leak: "both",
  },
  {
    name: "every passage of the collection as Markdown",
    method: "GET",
    route: "/api/collection/:id/passages/export",
    url: (f) => `/api/collection/${f.collectionId}/passages/export?q=${encodeURIComponent(f.memoryTitle)}`,
    expect: read,
    leak: "both",
  },
];

/**
 * Public chats: who holds which share token. `current` is the live link's token, `revoked` the
 * token of an earlier link to the same chat (revoked, then shared again), `wrong` a made-up one.
 */
export const publicChatTokens = ["current", "none", "wrong", "revoked"] as const;
export type PublicChatToken = (typeof publicChatTokens)[number];
export const publicChatActors = ["anonymous", "stranger", "owner"] as const;
export type PublicChatActor = (typeof publicChatActors)[number];

/** Two memories of the chat's owner: one a turn of the public chat cites, one it does not. */
export type PublicChatMemories = { cited: string; uncited: string };

export type PublicChatCase = {
  name: string;
  method: "GET" | "POST";
  route: string;
  /** `token` is undefined for the "none" column; `memories` are the owner's, one cited by the chat. */
  url: (chatId: string, token: string | undefined, memories: PublicChatMemories) => string;
  body?: (chatId: string, token: string | undefined) => unknown;
  expect: (actor: PublicChatActor, token: PublicChatToken) => number;
};

const tokenQuery = (token: string | undefined) =>
  token === undefined ? "" : `&token=${encodeURIComponent(token)}`;
/** Open routes: the current token opens the chat for anyone; nothing else reveals it exists. */
const byTokenOnly = (_a: PublicChatActor, t: PublicChatToken) => (t === "current" ? 200 : 404);
/** Signed-in routes: as above, after the bearer check. */
const signedInByToken = (a: PublicChatActor, t: PublicChatToken) =>
  a === "anonymous" ? 401 : t === "current" ? 200 : 404;

/** Every route that reads, continues or copies a chat for someone holding its public link. */
export const publicChatCases: PublicChatCase[] = [
  {
    name: "public history (no sign-in)",
    method: "GET",
    route: "/api/public_chat/get_public_chat_history",
    url: (id, t) => `/api/public_chat/get_public_chat_history?chat_id=${id}${tokenQuery(t)}`,
    expect: byTokenOnly,
  },
  {
    name: "public follow-up (no sign-in)",
    method: "POST",
    route: "/api/public_chat/chat",
    url: (_id, t) => `/api/public_chat/chat?user_system_date=2025-01-01${tokenQuery(t)}`,
    body: (id) => ({ question: "What does the chat say?", chat_id: id }),
    expect: byTokenOnly,
  },
  {
    // Answers without sign-in when is_public is set (spec 1 §7, issue 17): the token alone opens it.
    name: "chat history with is_public=true (the owner reads their own chat without a token)",
    method: "POST",
    route: "/api/fetch_user_chat_history",
    url: (id, t) => `/api/fetch_user_chat_history?chat_id=${id}&is_public=true${tokenQuery(t)}`,
    expect: (a, t) => (a === "owner" ? 200 : byTokenOnly(a, t)),
  },
  {
    // Issue 22: a visitor opens a memory the shared chat cites, read-only, by the token alone.
    name: "a memory the public chat cites (no sign-in)",
    method: "GET",
    route: "/api/public_chat/memory",
    url: (id, t, mem) => `/api/public_chat/memory?chat_id=${id}&source_id=${mem.cited}${tokenQuery(t)}`,
    expect: byTokenOnly,
  },
  {
    name: "a memory of the owner the public chat does not cite",
    method: "GET",
    route: "/api/public_chat/memory",
    url: (id, t, mem) => `/api/public_chat/memory?chat_id=${id}&source_id=${mem.uncited}${tokenQuery(t)}`,
    expect: () => 404,
  },
  {
    name: "duplicate a public chat",
    method: "POST",
    route: "/api/duplicate_public_chat",
    url: (id) => `/api/duplicate_public_chat?chat_id=${id}`,
    body: (_id, t) => (t === undefined ? {} : { token: t }),
    expect: signedInByToken,
  },
];
