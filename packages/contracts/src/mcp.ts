import { z } from "zod";

/** One tool an MCP server offers, as listed by the server. */
export const zMcpTool = z.object({ name: z.string(), description: z.string() });

/** A user's MCP server as the Account page shows it (secrets never leave the server). */
export const zMcpServer = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(["http", "stdio"]),
  /** The URL (http) or the allow-listed command (stdio). */
  target: z.string(),
  enabled: z.boolean(),
  /** Headers or a token are stored (sealed); their values are never returned. */
  has_secret: z.boolean(),
  /** The tools as listed at the last test, within Mnemo's limits (see the two counts below). */
  tools: z.array(zMcpTool),
  /** Tools of the server's list left out (past the first 50, or a input schema over 16,000 characters). */
  tools_truncated: z.number().int(),
  /** Descriptions cut to 1,000 characters. */
  descriptions_truncated: z.number().int(),
  /** The last test's failure, or null when it answered. */
  last_error: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type McpServer = z.infer<typeof zMcpServer>;

export const zMcpServersResponse = z.object({
  servers: z.array(zMcpServer),
  /** stdio commands the operator allows (MCP_STDIO_ALLOW); empty: only streamable HTTP. */
  stdio_allowed: z.array(z.string()),
});
export type McpServersResponse = z.infer<typeof zMcpServersResponse>;

/** POST /api/mcp_servers: add a server by URL (with headers or a bearer token), or an allowed stdio command. */
export const zAddMcpServerInput = z
  .object({
    name: z.string().trim().max(100).optional(),
    transport: z.enum(["http", "stdio"]).default("http"),
    url: z.string().trim().max(2000).optional(),
    command: z.string().trim().max(2000).optional(),
    /** Sent with every request (e.g. an API key header). */
    headers: z.record(z.string().min(1).max(200), z.string().max(4000)).optional(),
    /** Sent as `Authorization: Bearer <token>`. */
    token: z.string().max(4000).optional(),
  })
  .refine((v) => (v.transport === "http" ? !!v.url : !!v.command), {
    message: "Enter the server's URL (or, for stdio, its command).",
  });
export type AddMcpServerInput = z.input<typeof zAddMcpServerInput>;

/** PATCH /api/mcp_servers/{id}: enable or disable. */
export const zUpdateMcpServerInput = z.object({ enabled: z.boolean() });

export const mcpMessages = {
  invalidUrl: "Enter a valid http or https URL of the MCP server.",
  stdioNotAllowed: "This command is not on the server's allow-list (MCP_STDIO_ALLOW).",
  duplicate: "This MCP server is already added.",
  notFound: "MCP server not found.",
  /** "Add and test" keeps no server whose test failed (issue 41); the reason follows. */
  testFailed: "Not added: the test failed.",
  /** Said under a server's tools when its list was cut to Mnemo's limits. */
  toolsTruncated: (o: { kept: number; omitted: number; shortened: number }) =>
    [
      o.omitted
        ? `Showing ${o.kept} of ${(o.kept + o.omitted).toLocaleString("en-GB")} tools: agents use only these.`
        : "",
      o.shortened
        ? `${o.shortened} long ${o.shortened === 1 ? "description was" : "descriptions were"} shortened.`
        : "",
    ]
      .filter(Boolean)
      .join(" "),
} as const;
