import type { SafeFetchOptions } from "../../links/safe-fetch.ts";
import { resolveSafeTarget } from "../../links/safe-fetch.ts";
import { bareHost, isAllowListed } from "../../links/address-guard.ts";

export type McpTarget =
  | { transport: "http"; url: string; headers: Record<string, string> }
  | { transport: "stdio"; command: string };

export type McpConnection = {
  tools: { name: string; description: string; inputSchema: Record<string, unknown> }[];
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
};

/**
 * Checks a user-given MCP URL like any fetched link (modules/links): https to public addresses;
 * plain http or a private address only for hosts the operator allow-lists (FETCH_ALLOW_HOSTS).
 */
export async function checkMcpUrl(url: URL, opts: SafeFetchOptions): Promise<void> {
  if (url.protocol === "http:") {
    if (!isAllowListed(opts.allowHosts ?? [], bareHost(url.hostname), url.port || "80"))
      throw new Error("MCP servers are reached over https (plain http only for hosts the operator allows).");
    return;
  }
  await resolveSafeTarget(url, opts);
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(what)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });

/** The text of a tool result's content (text parts; other parts named). */
function resultText(res: { content?: unknown; isError?: unknown }): string {
  const parts = Array.isArray(res.content) ? (res.content as { type: string; text?: string }[]) : [];
  const text = parts.map((p) => (p.type === "text" ? (p.text ?? "") : `[${p.type}]`)).join("\n");
  if (res.isError) throw new Error(text || "The tool reported an error.");
  return text;
}

/**
 * Connects to an MCP server with the official SDK client (loaded on first use: it is heavy),
 * over streamable HTTP (every request's URL checked, headers and token sent) or an allow-listed
 * stdio command, and lists its tools. `timeoutMessage` names the server in timeout errors.
 */
export async function connectMcp(
  target: McpTarget,
  opts: {
    fetch: SafeFetchOptions;
    /** How long connecting (initialize + tool listing), and each tool call, may take. */
    timeoutMs: number;
    timeoutMessage: (s: number) => string;
  },
): Promise<McpConnection> {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const client = new Client({ name: "mnemo", version: "1" });
  let transport;
  if (target.transport === "http") {
    const { StreamableHTTPClientTransport } =
      await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const url = new URL(target.url);
    await checkMcpUrl(url, opts.fetch);
    transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: target.headers },
      fetch: async (input, init) => {
        await checkMcpUrl(new URL(input instanceof Request ? input.url : String(input)), opts.fetch);
        return fetch(input, { ...init, redirect: "error" });
      },
    });
  } else {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const [command, ...args] = target.command.split(/\s+/);
    transport = new StdioClientTransport({ command, args, stderr: "ignore" });
  }
  const ms = opts.timeoutMs;
  const timeout = opts.timeoutMessage(ms / 1000);
  try {
    await withTimeout(client.connect(transport, { timeout: ms * 2 }), ms, timeout);
    const listed = await withTimeout(client.listTools(undefined, { timeout: ms * 2 }), ms, timeout);
    return {
      tools: listed.tools.map((t) => ({
        name: t.name,
        description: t.description ?? "",
        inputSchema: t.inputSchema as Record<string, unknown>,
      })),
      async call(name, args, signal) {
        const res = await withTimeout(
          // The SDK's own timeouts are longer: ours, with its clear message, fires first.
          client.callTool({ name, arguments: args }, undefined, { timeout: ms * 2, signal }),
          ms,
          timeout,
        );
        return resultText(res as { content?: unknown; isError?: unknown });
      },
      close: () => client.close().catch(() => undefined),
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
}
