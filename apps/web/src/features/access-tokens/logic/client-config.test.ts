import { describe, expect, it } from "vitest";
import { clientConfig, mcpEndpoint } from "./client-config";

describe("MCP client configuration", () => {
  it("points at this Mnemo's endpoint, whatever trailing slash the origin has", () => {
    expect(mcpEndpoint("https://mnemo.example.com/")).toBe("https://mnemo.example.com/api/mcp");
  });

  it.each([
    ["cursor", { url: "https://m.example/api/mcp", headers: { Authorization: "Bearer mnemo_pat_x" } }],
    [
      "claude",
      {
        command: "npx",
        args: [
          "-y",
          "mcp-remote",
          "https://m.example/api/mcp",
          "--header",
          "Authorization: Bearer mnemo_pat_x",
        ],
      },
    ],
  ] as const)("gives %s a server entry named mnemo with the token", (client, entry) => {
    expect(JSON.parse(clientConfig(client, "https://m.example", "mnemo_pat_x"))).toEqual({
      mcpServers: { mnemo: entry },
    });
  });
});
