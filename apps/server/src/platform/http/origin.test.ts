import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { publicOrigin, startupAddress } from "./origin.ts";

const req = (url: string, headers: Record<string, string> = {}) => ({
  req: { url, header: (name: string) => headers[name.toLowerCase()] },
});
const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: "/tmp/mnemo-origin", ...env });

describe("publicOrigin (issue 41: links without PUBLIC_URL)", () => {
  it("prefers PUBLIC_URL, else the request's origin", () => {
    expect(
      publicOrigin(config({ PUBLIC_URL: "https://m.example.com/" }), req("http://10.0.0.5:3000/x") as never),
    ).toBe("https://m.example.com");
    expect(publicOrigin(config(), req("http://10.0.0.5:3000/api/x") as never)).toBe("http://10.0.0.5:3000");
  });

  it("reads X-Forwarded-Proto/Host only with TRUST_PROXY", () => {
    const fwd = { "x-forwarded-proto": "https, http", "x-forwarded-host": "m.example.org, proxy.internal" };
    expect(publicOrigin(config(), req("http://10.0.0.5:3000/", fwd) as never)).toBe("http://10.0.0.5:3000");
    expect(publicOrigin(config({ TRUST_PROXY: "true" }), req("http://10.0.0.5:3000/", fwd) as never)).toBe(
      "https://m.example.org",
    );
    const forged = { "x-forwarded-host": "evil.example/phish", "x-forwarded-proto": "javascript" };
    expect(publicOrigin(config({ TRUST_PROXY: "true" }), req("http://10.0.0.5:3000/", forged) as never)).toBe(
      "http://10.0.0.5:3000",
    );
  });
});

describe("startupAddress", () => {
  it("warns when PUBLIC_URL is unset, and names PUBLIC_URL when it is set", () => {
    const unset = startupAddress(config(), 3000);
    expect(unset.url).toBe("http://localhost:3000");
    expect(unset.warning).toMatch(/PUBLIC_URL is not set/);
    expect(startupAddress(config({ HOST: "192.168.1.20" }), 8080).url).toBe("http://192.168.1.20:8080");
    expect(startupAddress(config({ PUBLIC_URL: "https://m.example.com" }), 3000)).toEqual({
      url: "https://m.example.com",
    });
  });
});
