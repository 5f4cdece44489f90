import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { linkFetchOptions } from "./fetch-options.ts";
import { FETCH_USER_AGENT, FetchError, safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";

let site: FixtureSite;
let allowed: SafeFetchOptions;
let guarded: SafeFetchOptions;

beforeAll(async () => {
  site = await startFixtureSite();
  // The same settings the server reads: FETCH_ALLOW_HOSTS=127.0.0.1 and FETCH_EXTRA_CA=<test CA>.
  allowed = linkFetchOptions({ FETCH_ALLOW_HOSTS: ["127.0.0.1"], FETCH_EXTRA_CA: site.caPath });
  guarded = linkFetchOptions({ FETCH_ALLOW_HOSTS: [], FETCH_EXTRA_CA: site.caPath });
});
afterAll(() => site.close());

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

/** Runs `fn` and answers how many TCP connections the fixture site accepted meanwhile. */
async function connectionsDuring(fn: () => Promise<unknown>): Promise<number> {
  const before = site.stats.connections;
  await fn();
  return site.stats.connections - before;
}

describe("with FETCH_ALLOW_HOSTS=127.0.0.1 the local https site is reachable", () => {
  it("fetches a page with the fixed User-Agent", async () => {
    const res = await safeFetch(`${site.origin}/articles/sourdough`, allowed);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("text/html");
    expect(res.body.toString()).toContain("sourdough-marker-phrase");
    expect(site.stats.userAgents.at(-1)).toBe(FETCH_USER_AGENT);
  });

  it("follows a redirect chain by hand, sending no cookies although each hop sets one", async () => {
    const cookiesBefore = site.stats.cookies;
    const res = await safeFetch(`${site.origin}/redirect/3`, allowed);
    expect(res.finalUrl).toBe(`${site.origin}/articles/sourdough`);
    expect(res.redirects).toHaveLength(3);
    expect(site.stats.cookies).toBe(cookiesBefore);
  });

  it("decodes a gzip body", async () => {
    const res = await safeFetch(`${site.origin}/gzip/article`, allowed);
    expect(res.body.toString()).toContain("astronomy-marker-phrase");
  });
});

describe("with an empty allow-list the guard refuses the same addresses without connecting", () => {
  it.each([
    (o: FixtureSite) => `${o.origin}/articles/sourdough`,
    (o: FixtureSite) => `https://2130706433:${o.port}/articles/sourdough`,
    (o: FixtureSite) => `https://0177.0.0.1:${o.port}/articles/sourdough`,
    (o: FixtureSite) => `https://0x7f.1:${o.port}/articles/sourdough`,
    (o: FixtureSite) => `https://127.1:${o.port}/articles/sourdough`,
    (o: FixtureSite) => `https://[::ffff:127.0.0.1]:${o.port}/articles/sourdough`,
    (o: FixtureSite) => `https://localhost:${o.port}/articles/sourdough`,
  ])("refuses form #%#", async (makeUrl) => {
    const connections = await connectionsDuring(async () => {
      const err = await failure(safeFetch(makeUrl(site), guarded));
      expect(err.reason).toBe("blocked_address");
    });
    expect(connections).toBe(0);
  });

  it("refuses a name whose DNS answer holds any private address (checked before connecting)", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ];
    const connections = await connectionsDuring(async () => {
      const err = await failure(
        safeFetch(`https://mnemo.test:${site.port}/articles/sourdough`, { ...guarded, resolve }),
      );
      expect(err.reason).toBe("blocked_address");
    });
    expect(connections).toBe(0);
  });

  it.each([
    "https://169.254.169.254/latest/meta-data/",
    "https://[fd00:ec2::254]/latest/meta-data/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://100.64.0.1/",
    "https://[fe80::1]/",
  ])("refuses cloud-metadata and internal target %s", async (url) => {
    expect((await failure(safeFetch(url, guarded))).reason).toBe("blocked_address");
  });

  it("refuses plain http before anything else", async () => {
    expect((await failure(safeFetch(`http://127.0.0.1:${site.port}/`, allowed))).reason).toBe("insecure_url");
  });
});

describe("DNS is resolved once per hop and the socket uses exactly the checked address", () => {
  it("ignores a rebinding second answer", async () => {
    let calls = 0;
    const resolve = async () => {
      calls += 1;
      // First answer: the allow-listed fixture; any later answer would point elsewhere.
      return [{ address: calls === 1 ? "127.0.0.1" : "10.255.255.1", family: 4 }];
    };
    const res = await safeFetch(`https://mnemo.test:${site.port}/articles/astronomy`, {
      ...allowed,
      resolve,
    });
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
  });
});

describe("redirects are checked at every hop", () => {
  const redirectTo = (target: string) => `${site.origin}/redirect-to?url=${encodeURIComponent(target)}`;

  it.each([
    () => "https://169.254.169.254/latest/meta-data/",
    () => "https://10.0.0.1/admin",
    () => "https://[::1]/",
    () => "https://metadata.google.internal/",
  ])("refuses a redirect to a private address (#%#)", async (target) => {
    expect((await failure(safeFetch(redirectTo(target()), allowed))).reason).toBe("blocked_address");
  });

  it("refuses a redirect to the same site under a name the allow-list does not cover", async () => {
    const localhostOnly = { ...allowed, allowHosts: ["localhost"] };
    const start = `https://localhost:${site.port}/redirect-to?url=${encodeURIComponent(`https://127.0.0.1:${site.port}/articles/sourdough`)}`;
    const before = site.stats.requests.length;
    const err = await failure(safeFetch(start, localhostOnly));
    expect(err.reason).toBe("blocked_address");
    expect(site.stats.requests.slice(before)).toEqual([expect.stringContaining("/redirect-to")]);
  });

  it("refuses a redirect to http", async () => {
    expect((await failure(safeFetch(redirectTo(`http://127.0.0.1:${site.port}/`), allowed))).reason).toBe(
      "insecure_url",
    );
  });

  it("stops after 5 redirects", async () => {
    await expect(safeFetch(`${site.origin}/redirect/5`, allowed)).resolves.toMatchObject({ status: 200 });
    expect((await failure(safeFetch(`${site.origin}/redirect/6`, allowed))).reason).toBe(
      "too_many_redirects",
    );
  });
});

describe("size and time limits", () => {
  it("aborts a body larger than the limit", async () => {
    expect((await failure(safeFetch(`${site.origin}/huge`, allowed))).reason).toBe("too_large");
    expect(
      (await failure(safeFetch(`${site.origin}/articles/sourdough`, { ...allowed, maxBytes: 1000 }))).reason,
    ).toBe("too_large");
  });

  it("counts decompressed bytes, so a gzip bomb is aborted", async () => {
    expect((await failure(safeFetch(`${site.origin}/gzip/bomb`, allowed))).reason).toBe("too_large");
  });

  it("truncates instead when asked (metadata fetches)", async () => {
    const res = await safeFetch(`${site.origin}/huge`, { ...allowed, truncate: true, maxBytes: 64 * 1024 });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(64 * 1024);
  });

  it("aborts a page that never finishes", async () => {
    expect((await failure(safeFetch(`${site.origin}/slow`, { ...allowed, timeoutMs: 300 }))).reason).toBe(
      "timeout",
    );
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${site.origin}/slow`, { ...allowed, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).reason).toBe("aborted");
  });
});
