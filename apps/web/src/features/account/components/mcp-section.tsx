import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BotIcon, Loader2Icon, PlugIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { mcpMessages, type McpServer } from "@mnemo/contracts/mcp";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  addMcpServer,
  listMcpServers,
  removeMcpServer,
  setMcpServerEnabled,
  testMcpServer,
} from "../api/mcp";

const key = ["account", "mcp-servers"] as const;

function ServerRow({ server }: { server: McpServer }) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: key });
  const fail = (err: Error) => toast.error(err.message);
  const test = useMutation({ mutationFn: () => testMcpServer(server.id), onSettled: done, onError: fail });
  const toggle = useMutation({
    mutationFn: () => setMcpServerEnabled(server.id, !server.enabled),
    onSettled: done,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => removeMcpServer(server.id),
    onSettled: done,
    onError: fail,
  });
  return (
    <li className="rounded-lg border p-3" data-testid="mcp-server">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{server.name}</p>
          <p className="truncate text-xs text-muted-foreground" title={server.target}>
            {server.transport === "stdio" ? "stdio · " : ""}
            {server.target}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
            {test.isPending ? <Loader2Icon className="animate-spin" /> : <RefreshCwIcon />} Test
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-pressed={server.enabled}
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
          >
            {server.enabled ? "Disable" : "Enable"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${server.name}`}
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            <Trash2Icon />
          </Button>
        </div>
      </div>
      {server.last_error ? (
        <p role="alert" className="mt-2 text-xs text-destructive">
          {server.last_error}
        </p>
      ) : (
        <ul className="mt-2 grid gap-1 text-xs" aria-label={`Tools of ${server.name}`}>
          {server.tools.map((t) => (
            <li key={t.name}>
              <span className="font-mono font-medium">{t.name}</span>
              {t.description && <span className="text-muted-foreground"> — {t.description}</span>}
            </li>
          ))}
          {server.tools.length === 0 && <li className="text-muted-foreground">No tools listed.</li>}
        </ul>
      )}
      {!server.last_error && (server.tools_truncated > 0 || server.descriptions_truncated > 0) && (
        <p className="mt-1 text-xs text-muted-foreground">
          {mcpMessages.toolsTruncated({
            kept: server.tools.length,
            omitted: server.tools_truncated,
            shortened: server.descriptions_truncated,
          })}
        </p>
      )}
      {!server.enabled && (
        <p className="mt-1 text-xs text-muted-foreground">Disabled: agents do not use it.</p>
      )}
    </li>
  );
}

/** The user's MCP servers (spec 3 §2 Account route, anchor mcps): add by URL, test, enable, remove. */
export function McpSection() {
  const qc = useQueryClient();
  const servers = useQuery({ queryKey: key, queryFn: ({ signal }) => listMcpServers(signal) });
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [token, setToken] = useState("");
  const add = useMutation({
    mutationFn: () =>
      addMcpServer({ url: url.trim(), name: name.trim() || undefined, token: token || undefined }),
    onSuccess: (s) => {
      setUrl("");
      setName("");
      setToken("");
      // A server whose test failed is refused (the error names why); what is added works.
      toast.success(`${s.name}: ${s.tools.length} tools`);
    },
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) add.mutate();
  };
  const list = servers.data?.servers ?? [];
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Add an MCP server">
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="mcp-url">Server URL (streamable HTTP)</Label>
          <Input
            id="mcp-url"
            type="url"
            required
            placeholder="https://example.com/mcp"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="mcp-name">Name (optional)</Label>
          <Input id="mcp-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="mcp-token">Bearer token (optional, stored encrypted)</Label>
          <Input
            id="mcp-token"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={add.isPending || !url.trim()}>
            {add.isPending ? <Loader2Icon className="animate-spin" /> : <PlugIcon />} Add and test
          </Button>
        </div>
      </form>
      {servers.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : servers.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your MCP servers could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <BotIcon className="size-5 shrink-0" aria-hidden />
          No MCP servers yet. Agents can call the tools of the servers you add.
        </div>
      ) : (
        <ul className="grid gap-2">
          {list.map((s) => (
            <ServerRow key={s.id} server={s} />
          ))}
        </ul>
      )}
      {servers.data && servers.data.stdio_allowed.length > 0 && (
        <p className="text-xs text-muted-foreground">
          Local (stdio) servers this installation allows: {servers.data.stdio_allowed.join(", ")}
        </p>
      )}
    </div>
  );
}
