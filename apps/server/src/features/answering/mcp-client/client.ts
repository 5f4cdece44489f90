import tls from "node:tls";
import type { LookupFunction } from "node:net";
import type { Agent } from "undici";
import type { ResolvedAddress, SafeFetchOptions } from "../../../platform/links/safe-fetch.ts";
import { resolveSafeTarget } from "../../../platform/links/safe-fetch.ts";
import { bareHost, isAllowListed } from "../../../platform/links/address-guard.ts";

export type McpTarget =
  | { transport: "http"; url: string; headers: Record<string, string> }
  | { transport: "stdio"; command: string };

/**
 * What of a server's tool list is kept (issue 46: 3,000 tools with 2 KB descriptions made a 6 MB
 * row in every listing, all handed to the model each agent turn): the first MAX_TOOLS tools whose
 * input schema is at most MAX_SCHEMA_CHARS of JSON, their descriptions cut to MAX_DESCRIPTION.
 */
export const mcpToolLimits = { maxTools: 50, maxDescription: 1000, maxSchemaChars: 16_000 } as const;

export type McpConnection = {
  tools: { name: string; description: string; inputSchema: Record<string, unknown> }[];
  /** What was cut of the server's list: tools left out, descriptions shortened. */
  cut: { tools: number; descriptions: number };
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
};

/**
 * Checks a user-given MCP URL like any fetched link (modules/links): https to public addresses;
 * plain http or a private address only for hosts the operator allow-lists (FETCH_ALLOW_HOSTS).
 */
export async function checkMcpUrl(url: URL, opts: SafeFetchOptions): Promise<ResolvedAddress[] | null> {
  if (url.protocol === "http:") {
    if (!isAllowListed(opts.allowHosts ?? [], bareHost(url.hostname), url.port || "80"))
      throw new Error("MCP servers are reached over https (plain http only for hosts the operator allows).");
    return null;
  }
  return resolveSafeTarget(url, opts);
}

/**
 * A fetch for the MCP transport whose sockets connect only to the addresses checked for the
 * request's host: the host is resolved and checked once (per host, per connection), and the
 * connection's `lookup` answers with those addresses, so a DNS answer that changes after the check
 * (DNS rebinding) cannot steer a request to a local address. Redirects are refused. Plain http is
 * only for hosts the operator allow-listed (checked, not pinned: the operator chose them).
 */
function pinnedMcpFetch(opts: SafeFetchOptions) {
  const agents = new Map<string, Promise<Agent>>();
  const agentFor = (url: URL) => {
    const key = `${url.hostname}:${url.port}`;
    let agent = agents.get(key);
    if (!agent) {
      agent = (async () => {
        const addresses = (await checkMcpUrl(url, opts))!;
        const { Agent } = await import("undici");
        const host = bareHost(url.hostname);
        const lookup: LookupFunction = (hostname, options, callback) => {
          if (bareHost(hostname) !== host)
            return callback(new Error(`Refused ${hostname}: not the checked host`), "", 4);
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        };
        return new Agent({
          connect: {
            lookup,
            ...(opts.extraCa ? { ca: [...tls.rootCertificates, opts.extraCa] } : {}),
          },
        });
      })();
      agents.set(key, agent);
      agent.catch(() => agents.delete(key));
    }
    return agent;
  };
  const fetchPinned: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol === "http:") {
      await checkMcpUrl(url, opts);
      return fetch(input, { ...init, redirect: "error" });
    }
    const { fetch: undiciFetch } = await import("undici");
    const request = input instanceof Request ? input : undefined;
    const res = await undiciFetch(url, {
      method: init?.method ?? request?.method,
      headers: (init?.headers ?? request?.headers) as Record<string, string> | undefined,
      body: (init?.body ?? request?.body) as string | undefined,
      signal: init?.signal ?? request?.signal,
      redirect: "error",
      dispatcher: await agentFor(url),
      ...(init?.body instanceof ReadableStream ? { duplex: "half" } : {}),
    });
    return res as unknown as Response;
  };
  const close = () =>
    Promise.all(
      [...agents.values()].map((a) =>
        a.then(
          (agent) => agent.close(),
          () => undefined,
        ),
      ),
    ).then(() => undefined);
  return { fetch: fetchPinned, close };
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

/** A server's tool list within `mcpToolLimits`, and what was cut of it. */
export function boundedTools(
  listed: { name: string; description?: string; inputSchema: unknown }[],
  limits: typeof mcpToolLimits = mcpToolLimits,
): Pick<McpConnection, "tools" | "cut"> {
  const tools: McpConnection["tools"] = [];
  let descriptions = 0;
  for (const t of listed) {
    if (tools.length >= limits.maxTools) break;
    if (JSON.stringify(t.inputSchema ?? {}).length > limits.maxSchemaChars) continue;
    let description = t.description ?? "";
    if (description.length > limits.maxDescription) {
      description = `${description.slice(0, limits.maxDescription - 1).trimEnd()}…`;
      descriptions++;
    }
    tools.push({ name: t.name, description, inputSchema: t.inputSchema as Record<string, unknown> });
  }
  return { tools, cut: { tools: listed.length - tools.length, descriptions } };
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
  let pinned: ReturnType<typeof pinnedMcpFetch> | undefined;
  const closeAll = () =>
    client
      .close()
      .catch(() => undefined)
      .then(() => pinned?.close());
  if (target.transport === "http") {
    const { StreamableHTTPClientTransport } =
      await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const url = new URL(target.url);
    await checkMcpUrl(url, opts.fetch);
    pinned = pinnedMcpFetch(opts.fetch);
    transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: target.headers },
      fetch: pinned.fetch,
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
    const { tools, cut } = boundedTools(listed.tools);
    return {
      tools,
      cut,
      async call(name, args, signal) {
        const res = await withTimeout(
          // The SDK's own timeouts are longer: ours, with its clear message, fires first.
          client.callTool({ name, arguments: args }, undefined, { timeout: ms * 2, signal }),
          ms,
          timeout,
        );
        return resultText(res as { content?: unknown; isError?: unknown });
      },
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
