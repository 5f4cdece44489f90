// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { McpSection } from "./mcp-section";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const server = (over: Record<string, unknown>) => ({
  id: "s1",
  name: "Sprawl",
  transport: "http",
  target: "https://sprawl.example/mcp",
  enabled: true,
  has_secret: false,
  tools: [{ name: "tool_0", description: "The first tool." }],
  tools_truncated: 0,
  descriptions_truncated: 0,
  last_error: null,
  checked_at: "2026-12-01T10:00:00Z",
  ...over,
});

describe("Account → MCP servers", () => {
  it("says under a server's tools what of its list was cut", async () => {
    scriptServer({
      "GET /api/mcp_servers": {
        body: { servers: [server({ tools_truncated: 2999, descriptions_truncated: 1 })], stdio_allowed: [] },
      },
    });
    renderScreen(<McpSection />);
    expect(
      await screen.findByText(
        "Showing 1 of 3,000 tools: agents use only these. 1 long description was shortened.",
      ),
    ).toBeTruthy();
  });

  it("says nothing of the kind for a list kept whole", async () => {
    scriptServer({ "GET /api/mcp_servers": { body: { servers: [server({})], stdio_allowed: [] } } });
    renderScreen(<McpSection />);
    await screen.findByText("tool_0");
    expect(screen.queryByText(/Showing|shortened/)).toBeNull();
  });
});
