import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { CopyIcon, KeyRoundIcon } from "lucide-react";
import {
  mcpMessages,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessTokenResponse,
} from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from "../hooks/use-access-tokens";
import { clientConfig, mcpEndpoint } from "../logic/client-config";

const scopeLabels: Record<AccessTokenScope, string> = { read: "Read only", write: "Read and write" };

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error("Could not copy. Select the text and copy it.");
  }
}

const when = (iso: string) => new Date(iso).toLocaleString();

function NewTokenForm({ onCreated }: { onCreated: (r: CreateAccessTokenResponse) => void }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AccessTokenScope>("read");
  const create = useCreateAccessToken();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (r) => {
          setName("");
          onCreated(r);
        },
        onError: (err) => toast.error(err instanceof Error ? err.message : "Could not create the token."),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor="token-name">Token name</Label>
        <Input
          id="token-name"
          value={name}
          maxLength={100}
          placeholder="Claude Desktop"
          onChange={(e) => setName(e.target.value)}
          required
        />
      </div>
      <fieldset className="flex flex-wrap gap-4 text-sm sm:col-start-1">
        <legend className="sr-only">Access</legend>
        {(Object.keys(scopeLabels) as AccessTokenScope[]).map((s) => (
          <label key={s} className="flex items-center gap-2">
            <input
              type="radio"
              name="token-scope"
              value={s}
              checked={scope === s}
              onChange={() => setScope(s)}
              className="size-4 accent-primary"
            />
            {scopeLabels[s]}
          </label>
        ))}
      </fieldset>
      <Button
        type="submit"
        disabled={create.isPending || !name.trim()}
        className="sm:row-start-1 sm:col-start-2"
      >
        <KeyRoundIcon aria-hidden /> Create token
      </Button>
    </form>
  );
}

function NewTokenSecret({ created, onDone }: { created: CreateAccessTokenResponse; onDone: () => void }) {
  const origin = window.location.origin;
  const [client, setClient] = useState<"cursor" | "claude">("cursor");
  const snippet = clientConfig(client, origin, created.secret);
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-medium">{mcpMessages.copyOnce}</p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={created.secret}
          aria-label="New token"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy(created.secret, "Token")}>
          <CopyIcon aria-hidden /> Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        MCP endpoint: <code className="break-all">{mcpEndpoint(origin)}</code>
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Client">
        {(["cursor", "claude"] as const).map((c) => (
          <Button
            key={c}
            type="button"
            size="sm"
            variant={client === c ? "default" : "outline"}
            aria-pressed={client === c}
            onClick={() => setClient(c)}
          >
            {c === "cursor" ? "Cursor" : "Claude Desktop"}
          </Button>
        ))}
        <Button type="button" size="sm" variant="ghost" onClick={() => void copy(snippet, "Configuration")}>
          <CopyIcon aria-hidden /> Copy configuration
        </Button>
      </div>
      <pre className="max-h-60 overflow-auto rounded-md bg-muted p-3 text-xs">{snippet}</pre>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function TokenRow({ token }: { token: AccessToken }) {
  const revoke = useRevokeAccessToken();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {token.name}{" "}
          <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
            {scopeLabels[token.scope]}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          <code>{token.prefix}…</code> · created {when(token.created_at)} ·{" "}
          {token.last_used_at ? `last used ${when(token.last_used_at)}` : mcpMessages.neverUsed}
        </p>
      </div>
      {token.revoked_at ? (
        <span className="text-xs text-muted-foreground">Revoked {when(token.revoked_at)}</span>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Revoke ${token.name}`}
          onClick={() =>
            revoke.mutate(token.id, {
              onSuccess: () => toast.success("Token revoked"),
              onError: (err) =>
                toast.error(err instanceof Error ? err.message : "Could not revoke the token."),
            })
          }
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Account → Agents (MCP): personal access tokens that let MCP clients reach the user's memories. */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [created, setCreated] = useState<CreateAccessTokenResponse>();
  return (
    <div className="grid gap-5">
      {created ? (
        <NewTokenSecret created={created} onDone={() => setCreated(undefined)} />
      ) : (
        <NewTokenForm onCreated={setCreated} />
      )}
      {tokens.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : tokens.isError ? (
        <p className="text-sm text-destructive">Your tokens could not be loaded.</p>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{mcpMessages.noTokens}</p>
      ) : (
        <ul aria-label="Access tokens" className="divide-y">
          {tokens.data.map((t) => (
            <TokenRow key={t.id} token={t} />
          ))}
        </ul>
      )}
    </div>
  );
}
