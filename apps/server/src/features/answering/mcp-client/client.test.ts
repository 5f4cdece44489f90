import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCertificates } from "../../../test/fixtures/sites/certs.ts";
import { startMcpPeer } from "../../../test/mcp-peer.ts";
import { connectMcp } from "./client.ts";

/**
 * Issue 16 (DNS rebinding): an MCP server reached over https is connected to at the addresses
 * checked when its name was resolved, never at whatever a later DNS answer says. The host name
 * used here exists only in the checking resolver: a client that resolved it again through the
 * system would fail to connect, and one that did not check would never consult the resolver.
 */
const TOKEN = "pinned-token";
let peer: Awaited<ReturnType<typeof startMcpPeer>>;
const certs = testCertificates();
beforeAll(async () => {
  peer = await startMcpPeer(TOKEN, 0, { key: certs.key, cert: certs.cert });
});
afterAll(async () => {
  await peer?.close();
});

const connect = (resolve: (host: string) => Promise<{ address: string; family: number }[]>) =>
  connectMcp(
    {
      transport: "http",
      url: `https://stars.mnemo.test:${peer.port}/mcp`,
      headers: { authorization: `Bearer ${TOKEN}` },
    },
    {
      fetch: { resolve, allowHosts: [`127.0.0.1:${peer.port}`], extraCa: certs.caPem },
      timeoutMs: 5000,
      timeoutMessage: (s) => `timed out after ${s} s`,
    },
  );

describe("MCP client over https", () => {
  it("connects through the checked addresses only, resolving the name once per connection", async () => {
    const asked: string[] = [];
    const conn = await connect(async (host) => {
      asked.push(host);
      return [{ address: "127.0.0.1", family: 4 }];
    });
    try {
      expect(conn.tools.map((t) => t.name)).toContain("star_lookup");
      expect(await conn.call("star_lookup", { name: "Vega" })).toBe("Vega is 25 light-years away.");
      // Checked when the URL was given, then once for the connection's pinned sockets; the
      // initialize, tool listing and tool call all reused those addresses.
      expect(asked.length).toBeLessThanOrEqual(2);
      expect(new Set(asked)).toEqual(new Set(["stars.mnemo.test"]));
    } finally {
      await conn.close();
    }
  });

  it("refuses a name that resolves to a local address the operator did not allow", async () => {
    await expect(connect(async () => [{ address: "127.0.0.2", family: 4 }])).rejects.toThrow(/127\.0\.0\.2/);
  });
});
