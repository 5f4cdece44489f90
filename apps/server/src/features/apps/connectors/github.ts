import { envClient } from "../credentials.ts";
import { ConnectError, type Connector, type ConnectorDeps, type SyncItem, oauthAppEntry } from "./types.ts";

/** Repositories read per sync (most recently updated first). */
const MAX_REPOS = 30;
/** Issues and pull requests read per repository and sync (most recently updated first). */
const MAX_ISSUES_PER_REPO = 100;
/** Largest body kept of one README or issue. */
const MAX_BODY_CHARS = 200_000;

type Repo = {
  full_name: string;
  html_url: string;
  description: string | null;
  updated_at: string;
  pushed_at?: string;
};
type Issue = {
  number: number;
  title: string;
  html_url: string;
  state: string;
  body: string | null;
  updated_at: string;
  user?: { login?: string } | null;
  pull_request?: unknown;
};

/** One call to the GitHub REST API (docs.github.com/rest) with the account's token. */
async function api<T>(
  deps: ConnectorDeps,
  token: string,
  path: string,
  accept = "application/vnd.github+json",
): Promise<T> {
  let res: Response;
  try {
    res = await deps.fetch(
      new URL(path.replace(/^\//, ""), deps.settings.GITHUB_API_URL.replace(/\/?$/, "/")),
      {
        headers: {
          authorization: `Bearer ${token}`,
          accept,
          "x-github-api-version": "2022-11-28",
          "user-agent": "Mnemo",
        },
        signal: AbortSignal.timeout(20_000),
      },
    );
  } catch (err) {
    throw new ConnectError(`GitHub could not be reached (${(err as Error).message}).`);
  }
  if (res.status === 401) throw new ConnectError("GitHub refused the sign-in. Reconnect the account.", true);
  if (res.status === 403 || res.status === 429)
    throw new ConnectError("GitHub's rate limit was reached. The sync will retry later.");
  if (!res.ok) throw new ConnectError(`GitHub answered with status ${res.status}.`, false, res.status);
  return (accept.includes("raw") ? await res.text() : await res.json()) as T;
}

const clip = (s: string) => (s.length > MAX_BODY_CHARS ? s.slice(0, MAX_BODY_CHARS) : s);

/** The operator's OAuth client of GitHub (the environment). */
const githubClient = envClient("GITHUB", "the operator adds a GitHub OAuth app");

/**
 * GitHub and GitHub Enterprise over OAuth 2 (authorization code with PKCE, the operator's OAuth
 * app): each repository's README and its issues and pull requests become memories, kept up to
 * date incrementally (`since` the last sync).
 */
export const githubConnector: Connector = {
  id: "github",
  name: "GitHub",
  description: "Repositories' READMEs, issues and pull requests.",
  ...oauthAppEntry,
  rank: 5,
  domains: ["github.com"],
  oauth: {
    unconfigured: githubClient.unconfigured,
    endpoints: (s) => ({
      authorize: new URL("login/oauth/authorize", s.GITHUB_URL.replace(/\/?$/, "/")).href,
      token: new URL("login/oauth/access_token", s.GITHUB_URL.replace(/\/?$/, "/")).href,
      ...githubClient.client(s),
      scopes: ["repo", "read:user"],
    }),
    async identify(token, deps) {
      const me = await api<{ login: string; name?: string | null; email?: string | null; html_url?: string }>(
        deps,
        token,
        "/user",
      );
      return {
        externalId: me.login,
        title: me.login,
        userName: me.name ?? me.login,
        userEmail: me.email ?? null,
        orgUrl: me.html_url ?? null,
        config: { login: me.login },
      };
    },
  },

  async sync(account, deps) {
    const token = account.secret?.access_token;
    if (!token) throw new ConnectError("GitHub refused the sign-in. Reconnect the account.", true);
    const since = typeof account.cursor?.since === "string" ? account.cursor.since : null;
    const started = new Date().toISOString();
    const repos = await api<Repo[]>(
      deps,
      token,
      `/user/repos?per_page=${MAX_REPOS}&sort=updated&direction=desc`,
    );
    const items: SyncItem[] = [];
    for (const repo of repos.slice(0, MAX_REPOS)) {
      const changed = !since || (repo.pushed_at ?? repo.updated_at) > since || repo.updated_at > since;
      if (changed) {
        try {
          const readme = await api<string>(
            deps,
            token,
            `/repos/${repo.full_name}/readme`,
            "application/vnd.github.raw+json",
          );
          items.push({
            kind: "document",
            url: repo.html_url,
            title: `${repo.full_name} README`,
            markdown: clip(readme),
          });
        } catch (err) {
          // A repository without a README is normal; anything else stops the sync.
          if (!(err instanceof ConnectError) || err.status !== 404) throw err;
        }
      }
      const query = `state=all&sort=updated&direction=desc&per_page=${MAX_ISSUES_PER_REPO}${since ? `&since=${encodeURIComponent(since)}` : ""}`;
      const issues = await api<Issue[]>(deps, token, `/repos/${repo.full_name}/issues?${query}`);
      for (const issue of issues) {
        const kind = issue.pull_request ? "Pull request" : "Issue";
        items.push({
          kind: "document",
          url: issue.html_url,
          title: `${repo.full_name}#${issue.number} ${issue.title}`,
          markdown: clip(
            `# ${issue.title}\n\n${kind} #${issue.number} in ${repo.full_name} · ${issue.state}` +
              `${issue.user?.login ? ` · opened by ${issue.user.login}` : ""}\n\n${issue.body ?? ""}`,
          ),
        });
      }
    }
    return { items, cursor: { since: started } };
  },
};
