/**
 * The connected-apps rows of the authorization matrix: every registered app route, with the
 * status each actor must get. `owner` connected the account (a synced folder) and its memory;
 * `stranger` has an account of the same app of their own, so a refusal comes from the id check,
 * not from "no app connected". An actor left out of `expect` has no row (the route takes no id;
 * its owner path is covered by the apps tests).
 */

export const appMatrixActors = ["anonymous", "stranger", "owner"] as const;
export type AppActor = (typeof appMatrixActors)[number];

export type AppFixture = {
  /** The owner's connected folder account. */
  accountId: string;
  /** The memory its sync made, and its title (unique to the fixture). */
  memoryId: string;
  memoryTitle: string;
  /** A pending OAuth state the owner started (GitHub). */
  state: string;
};

export type AppMatrixCase = {
  name: string;
  method: "GET" | "POST";
  /** The route as registered in Hono. */
  route: string;
  /** The URL called, when it is more than the route (a query naming the fixture's ids). */
  url?: (f: AppFixture) => string;
  body?: (f: AppFixture) => unknown;
  expect: Partial<Record<AppActor, number>>;
  /** The call changes the account: the owner's row runs last, on a fresh fixture; refusals must change nothing. */
  mutates?: boolean;
  /** For a 200 answered item by item: whether this answer still refused the owner's item. */
  refusedItem?: (json: unknown) => boolean;
};

/** Registered routes of the apps module (the enumeration the matrix must cover). */
export const appRoutePattern =
  /^\w+ \/api\/(findr\/applications|user\/get_available_applications|user\/get_connected_applications|user\/deactivate_user_application|t\/|apps\/|auth\/oauth_callback|search_v1\/|get_content|upload\/app_results)/;

const idRoute = { anonymous: 401, stranger: 404, owner: 200 };
/** A route that answers any signed-in user about their own accounts only. */
const signedIn = { anonymous: 401, stranger: 200, owner: 200 };
const result = (f: AppFixture) => ({ id: f.memoryId, app: "folder" });

export const appRouteCases: AppMatrixCase[] = [
  {
    name: "GET /findr/applications is public (the catalogue, no account)",
    method: "GET",
    route: "/api/findr/applications",
    expect: { anonymous: 200, stranger: 200, owner: 200 },
  },
  {
    // Per user: what an organisation set up is available to its members only (orgs.test.ts).
    name: "GET /user/get_available_applications needs a signed-in user",
    method: "GET",
    route: "/api/user/get_available_applications",
    expect: signedIn,
  },
  {
    name: "GET /user/get_connected_applications lists only the actor's accounts",
    method: "GET",
    route: "/api/user/get_connected_applications",
    expect: signedIn,
  },
  {
    name: "POST /t/store_integrated_id needs a signed-in user",
    method: "POST",
    route: "/api/t/store_integrated_id",
    body: () => ({ app_name: "folder", credentials: { path: "/etc" } }),
    expect: { anonymous: 401 },
  },
  {
    name: "GET /t/get_connection_link needs a signed-in user",
    method: "GET",
    route: "/api/t/get_connection_link",
    url: () => "/api/t/get_connection_link?app_name=github",
    expect: { anonymous: 401 },
  },
  {
    name: "POST /t/delete_integrated_id removes only the actor's own account",
    method: "POST",
    route: "/api/t/delete_integrated_id",
    url: (f) =>
      `/api/t/delete_integrated_id?integrated_id=${f.accountId}&app_name=folder&delete_memories=true`,
    expect: idRoute,
    mutates: true,
  },
  {
    name: "GET /user/deactivate_user_application removes only the actor's own account",
    method: "GET",
    route: "/api/user/deactivate_user_application",
    url: (f) => `/api/user/deactivate_user_application?connection_id=${f.accountId}&app_name=folder`,
    expect: idRoute,
    mutates: true,
  },
  {
    // The folder's path is the account's own (left out here): the owner's account is checked and
    // re-authenticated in place; a stranger cannot touch it.
    name: "POST /apps/reconnect re-authenticates only the actor's own account",
    method: "POST",
    route: "/api/apps/reconnect",
    body: (f) => ({ connection_id: f.accountId, credentials: {} }),
    expect: idRoute,
    mutates: true,
  },
  {
    name: "POST /apps/sync_now syncs only the actor's own account",
    method: "POST",
    route: "/api/apps/sync_now",
    url: (f) => `/api/apps/sync_now?connection_id=${f.accountId}`,
    expect: idRoute,
  },
  {
    name: "GET /apps/ledger shows only the actor's own account's ledger",
    method: "GET",
    route: "/api/apps/ledger",
    url: (f) => `/api/apps/ledger?connection_id=${f.accountId}`,
    expect: idRoute,
  },
  {
    name: "POST /apps/reindex re-indexes only the actor's own account's memories",
    method: "POST",
    route: "/api/apps/reindex",
    body: (f) => ({ connection_id: f.accountId }),
    expect: idRoute,
  },
  {
    name: "POST /apps/retry_failed retries only the actor's own account's memories",
    method: "POST",
    route: "/api/apps/retry_failed",
    body: (f) => ({ connection_id: f.accountId }),
    expect: idRoute,
  },
  {
    // The fixture's folder account has nothing to choose: its owner gets the refusal (400) that
    // says so; Slack's owner path is covered by apps/slack.test.ts.
    name: "GET /apps/sync_choices lists only the actor's own account's choices",
    method: "GET",
    route: "/api/apps/sync_choices",
    url: (f) => `/api/apps/sync_choices?connection_id=${f.accountId}`,
    expect: { anonymous: 401, stranger: 404, owner: 400 },
  },
  {
    name: "POST /apps/set_sync_choices changes only the actor's own account",
    method: "POST",
    route: "/api/apps/set_sync_choices",
    body: (f) => ({ connection_id: f.accountId, chosen: ["C1"] }),
    expect: { anonymous: 401, stranger: 404, owner: 400 },
  },
  {
    name: "POST /auth/oauth_callback takes only a state the actor started",
    method: "POST",
    route: "/api/auth/oauth_callback",
    url: (f) => `/api/auth/oauth_callback?app_name=github&auth_code=stolen-code&state=${f.state}`,
    // The owner's own round trip is github.test.ts (it needs the OAuth server).
    expect: { anonymous: 401, stranger: 400 },
  },
  {
    name: "GET /search_v1/get_queried_data searches only the actor's accounts",
    method: "GET",
    route: "/api/search_v1/get_queried_data",
    url: (f) => `/api/search_v1/get_queried_data?app_name=folder&query=${encodeURIComponent(f.memoryTitle)}`,
    expect: signedIn,
  },
  {
    name: "POST /get_content previews only the actor's own result",
    method: "POST",
    route: "/api/get_content",
    body: (f) => ({ responses: [result(f)], previewed_result_rank: 0 }),
    expect: idRoute,
  },
  {
    name: "POST /upload/app_results saves only the actor's own result",
    method: "POST",
    route: "/api/upload/app_results",
    body: (f) => ({ app_name: "folder", results: [result(f)] }),
    expect: signedIn,
    refusedItem: (json) => {
      const [r] = (json as { results?: { memory_id: string | null; status: string }[] }).results ?? [];
      return r?.status === "error" && r.memory_id === null;
    },
  },
];
