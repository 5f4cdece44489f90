import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  AlertCircleIcon,
  CheckCircle2Icon,
  ListChecksIcon,
  Loader2Icon,
  RefreshCwIcon,
  SearchIcon,
} from "lucide-react";
import { toast } from "sonner";
import { constants, integrationMessages, type ConnectedAccount, type Integration } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { cn } from "@/lib/utils";
import { connectionLink, finishOAuth } from "../api/apps";
import { useApplications, useConnectedAccounts, useReconnectAccount, useSyncNow } from "../hooks/use-apps";
import { ledgerAnchor } from "../logic/ledger";
import { rowState, syncStatus, unavailableReason } from "../logic/rows";
import { AppSearchDialog } from "./app-search-dialog";
import { ChoicesDialog } from "./choices-dialog";
import { ConnectDialog } from "./connect-dialog";
import { RemoveAccountDialog } from "./remove-account-dialog";

/**
 * Reads the integration callback parameters (result, integration, error, error_code) once,
 * tells the person the outcome, and removes them from the address (spec 3 §2).
 */
function useIntegrationCallback() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const keys = constants.integrations.callbackQueryParams;
    if (!keys.some((k) => params.has(k))) return;
    const app = params.get("integration") ?? "app";
    if (params.get("result") === "success") toast.success(`${app} connected.`);
    else if (params.get("result") === "error")
      toast.error(params.get("error") || integrationMessages.connectAccountFailed({ app }));
    const next = new URLSearchParams(params);
    for (const k of keys) next.delete(k);
    setParams(next, { replace: true });
  }, [params, setParams]);
}

/**
 * The app's sign-in sent the person back here with `app`, `code` and `state`: finish the
 * connection once, then land on the page it started from with the callback parameters.
 */
function useOAuthReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);
  const app = params.get("app");
  const code = params.get("code");
  const state = params.get("state");
  useEffect(() => {
    if (!app || !code || !state || done.current) return;
    done.current = true;
    const back = (to: string, extra: Record<string, string>) => {
      const url = new URL(to, window.location.origin);
      for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
      navigate(url.pathname + url.search + url.hash, { replace: true });
    };
    finishOAuth(app, code, state)
      .then(async (r) => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts });
        back(r.redirect_uri, { result: "success", integration: r.account.title });
      })
      .catch((err: unknown) =>
        back("/settings#integrations", {
          result: "error",
          integration: app,
          error: err instanceof ApiError ? err.message : integrationMessages.connectFailed,
        }),
      );
  }, [app, code, state, navigate, queryClient]);
  return Boolean(app && code && state);
}

function AccountRow({
  account,
  onRemove,
  onReconnect,
  onChoose,
}: {
  account: ConnectedAccount;
  onRemove: () => void;
  onReconnect: () => void;
  /** Apps whose user picks what syncs (Slack's channels); undefined for the others. */
  onChoose?: { label: string; open: () => void };
}) {
  const sync = useSyncNow();
  const status = syncStatus(account, Date.now());
  const busy = status.tone === "busy" || sync.isPending;
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border bg-background p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{account.title}</p>
        <p
          className={cn(
            "flex items-center gap-1.5 text-xs",
            status.tone === "error" ? "text-destructive" : "text-muted-foreground",
          )}
          aria-live="polite"
        >
          {busy && <Loader2Icon className="size-3 animate-spin" aria-hidden />}
          {status.tone === "error" && <AlertCircleIcon className="size-3" aria-hidden />}
          {account.needs_reauth ? "Sign-in expired. Reconnect to keep syncing." : status.text}
        </p>
        {/* The account's sync ledger: what each sync did, what failed and why (issue 43). */}
        <Link
          to={`/settings/sync#${ledgerAnchor(account.id)}`}
          className="rounded-sm text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
          aria-label={`Details for ${account.title}`}
        >
          Details
        </Link>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            sync.mutate(account.id, {
              onError: () => toast.error("Could not start a sync. Please try again."),
            })
          }
        >
          <RefreshCwIcon aria-hidden />
          Sync now
        </Button>
        {onChoose && !account.needs_reauth && (
          <Button size="sm" variant="ghost" onClick={onChoose.open}>
            <ListChecksIcon aria-hidden />
            {onChoose.label}
          </Button>
        )}
        {!account.isMcp && (
          <>
            <Button size="sm" variant="outline" onClick={onReconnect}>
              Reconnect
            </Button>
            <Button size="sm" variant="outline" onClick={onRemove}>
              Remove
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function AppRow({
  app,
  accounts,
  onConnect,
  onSearch,
  onRemove,
  onReconnect,
  onChoose,
}: {
  app: Integration;
  accounts: ConnectedAccount[];
  onConnect: () => void;
  onSearch: () => void;
  onRemove: (a: ConnectedAccount) => void;
  onReconnect: (a: ConnectedAccount) => void;
  onChoose: (a: ConnectedAccount) => void;
}) {
  const state = rowState(app, accounts);
  const mine = accounts.filter((a) => a.app_name === app.applications_id);
  return (
    <li className="min-w-0 rounded-xl border p-3 sm:p-4" aria-label={app.application_name}>
      {/* On a phone the actions wrap under the text instead of squeezing it into a column. */}
      <div className="flex flex-wrap items-start gap-3">
        <img src={app.app_logo_url} alt="" className="size-10 shrink-0 rounded-lg" />
        <div className="min-w-[11rem] flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold">{app.application_name}</h3>
            {app.status === "Beta" && (
              <span className="rounded bg-muted px-1.5 py-0.5 text-[11px] font-medium">Beta</span>
            )}
            {state === "Connected" && (
              <span className="inline-flex items-center gap-1 text-xs text-emerald-600 dark:text-emerald-400">
                <CheckCircle2Icon className="size-3.5" aria-hidden />
                Connected
              </span>
            )}
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground">{app.description}</p>
          {state === "Unavailable" && (
            <p className="mt-1 text-xs text-muted-foreground">{unavailableReason(app)}</p>
          )}
        </div>
        <div className="ml-auto shrink-0">
          {state === "Unavailable" ? (
            <Button size="sm" variant="outline" disabled aria-label={`${app.application_name}: Unavailable`}>
              Unavailable
            </Button>
          ) : (
            <div className="flex flex-wrap justify-end gap-2">
              {state === "Connected" && app.capabilities.includes("search") && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={onSearch}
                  aria-label={`Search ${app.application_name}`}
                >
                  <SearchIcon aria-hidden /> Search
                </Button>
              )}
              <Button size="sm" variant={state === "Connected" ? "outline" : "default"} onClick={onConnect}>
                {state === "Connected" ? "Add account" : "Connect"}
              </Button>
            </div>
          )}
        </div>
      </div>
      {mine.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label={`${app.application_name} accounts`}>
          {mine.map((a) => (
            <AccountRow
              key={a.id}
              account={a}
              onRemove={() => onRemove(a)}
              onReconnect={() => onReconnect(a)}
              onChoose={
                app.capabilities.includes("choose")
                  ? {
                      label: app.applications_id === "slack" ? "Channels" : "Choose",
                      open: () => onChoose(a),
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Settings → App integrations: every app, its connected accounts with sync status, connect and remove. */
export function IntegrationsSection() {
  useIntegrationCallback();
  const finishing = useOAuthReturn();
  const [params, setParams] = useSearchParams();
  const apps = useApplications();
  const accounts = useConnectedAccounts();
  const [connecting, setConnecting] = useState<Integration | null>(null);
  const [removing, setRemoving] = useState<ConnectedAccount | null>(null);
  const [searching, setSearching] = useState<Integration | null>(null);
  const [choosing, setChoosing] = useState<ConnectedAccount | null>(null);
  const [reconnecting, setReconnecting] = useState<ConnectedAccount | null>(null);
  const reconnectNow = useReconnectAccount();

  // A connection link of a credentials app (?connect=<id>) opens its form.
  const connectParam = params.get("connect");
  useEffect(() => {
    if (!connectParam || !apps.data) return;
    const app = apps.data.find((a) => a.applications_id === connectParam);
    if (app && !app.unavailable_reason) setConnecting(app);
    const next = new URLSearchParams(params);
    next.delete("connect");
    setParams(next, { replace: true });
  }, [connectParam, apps.data, params, setParams]);

  /** OAuth apps connect on their own sign-in page; the others through their form here. */
  const startConnect = async (app: Integration, reconnectId?: string) => {
    if (app.auth_kind !== "oauth2") return setConnecting(app);
    try {
      window.location.assign(await connectionLink(app.applications_id, reconnectId));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : integrationMessages.connectFailed);
    }
  };

  if (finishing)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Finishing the connection…
      </div>
    );
  if (apps.isPending || accounts.isPending)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading apps…
      </div>
    );
  if (apps.isError || accounts.isError)
    return (
      <div className="flex items-center gap-3 text-sm" role="alert">
        <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
        Apps could not be loaded.
        <Button
          size="sm"
          variant="outline"
          onClick={() => void Promise.all([apps.refetch(), accounts.refetch()])}
        >
          Retry
        </Button>
      </div>
    );
  const appOf = (a: ConnectedAccount) => apps.data.find((x) => x.applications_id === a.app_name) ?? null;
  /**
   * Reconnect signs the same account in again (issue 43: its id and memories kept, never removed
   * and connected anew): an OAuth app through its sign-in page (the account that comes back takes
   * the new tokens), an app with a password through the form asking for it, any other app (a
   * feed, a folder) at once, checked again by the server.
   */
  const reconnect = (account: ConnectedAccount) => {
    const app = appOf(account);
    if (!app) return;
    if (app.auth_kind === "oauth2") return void startConnect(app, account.id);
    if (app.credential_fields.some((f) => f.secret)) return setReconnecting(account);
    reconnectNow.mutate(
      { accountId: account.id, credentials: {} },
      {
        onSuccess: (same) => toast.success(integrationMessages.reconnected({ title: same.title })),
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.code === "validation"
              ? err.message
              : integrationMessages.reconnectFailed({ title: account.title }),
          ),
      },
    );
  };
  const reconnectApp = reconnecting && appOf(reconnecting);
  return (
    <>
      <ul className="grid gap-3">
        {apps.data.map((app) => (
          <AppRow
            key={app.applications_id}
            app={app}
            accounts={accounts.data}
            onConnect={() => void startConnect(app)}
            onSearch={() => setSearching(app)}
            onRemove={setRemoving}
            onReconnect={reconnect}
            onChoose={setChoosing}
          />
        ))}
      </ul>
      {connecting && <ConnectDialog app={connecting} open onOpenChange={(o) => !o && setConnecting(null)} />}
      {reconnecting && reconnectApp && (
        <ConnectDialog
          app={reconnectApp}
          account={reconnecting}
          open
          onOpenChange={(o) => !o && setReconnecting(null)}
        />
      )}
      <AppSearchDialog app={searching} onOpenChange={(o) => !o && setSearching(null)} />
      <RemoveAccountDialog account={removing} onOpenChange={(o) => !o && setRemoving(null)} />
      <ChoicesDialog account={choosing} onOpenChange={(o) => !o && setChoosing(null)} />
    </>
  );
}
