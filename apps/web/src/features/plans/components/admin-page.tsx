import { useState } from "react";
import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ShieldIcon, UsersIcon } from "lucide-react";
import type { SiteUser } from "@mnemo/contracts";
import type { PlanId } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { useMe } from "@/features/users";
import { queryKeys } from "@/lib/query-keys";
import { listSiteUsers, setDefaultPlan, setSiteAdmin, setUserPlan } from "../api/admin";
import { useUserPlan } from "../hooks/use-plan";
import { planChoices, planName } from "../logic/plan-names";

const selectClass =
  "h-9 w-full rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-60 sm:w-48";

function PlanSelect(props: {
  id?: string;
  label?: string;
  value: string;
  disabled?: boolean;
  onChange: (plan: PlanId) => void;
}) {
  return (
    <select
      id={props.id}
      aria-label={props.label}
      className={selectClass}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value as PlanId)}
    >
      {planChoices.map((p) => (
        <option key={p} value={p}>
          {planName(p)}
        </option>
      ))}
    </select>
  );
}

/** Refetches the list (and the signed-in user's own plan, which a change may concern) after a change. */
function useAdminChange<A>(run: (a: A) => Promise<void>, done: (a: A) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (_r, a) => toast.success(done(a)),
    onError: (err: Error) => toast.error(err.message),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: queryKeys.plans.siteUsers });
      await qc.invalidateQueries({ queryKey: queryKeys.plans.plan });
    },
  });
}

function DefaultPlanSection({ plan, source }: { plan: PlanId; source: "database" | "environment" }) {
  const change = useAdminChange(setDefaultPlan, (p) => `New accounts now get the ${planName(p)} plan.`);
  return (
    <SectionCard
      id="default-plan"
      title="Plan for new accounts"
      description={
        source === "environment"
          ? "Set by DEFAULT_PLAN when the server started. A choice here is stored and takes its place."
          : "Set here (stored in the database, in place of DEFAULT_PLAN)."
      }
    >
      <label htmlFor="default-plan-select" className="mb-1.5 block text-sm font-medium">
        Default plan
      </label>
      <PlanSelect
        id="default-plan-select"
        value={change.isPending && change.variables ? change.variables : plan}
        disabled={change.isPending}
        onChange={(p) => change.mutate(p)}
      />
    </SectionCard>
  );
}

function UserRow({ user, isMe, lastAdmin }: { user: SiteUser; isMe: boolean; lastAdmin: boolean }) {
  const plan = useAdminChange(
    (p: PlanId) => setUserPlan(user.email, p),
    (p) => `${user.email} is now on the ${planName(p)} plan.`,
  );
  const admin = useAdminChange(
    (on: boolean) => setSiteAdmin(user.email, on),
    (on) => `${user.email} is ${on ? "now" : "no longer"} a site administrator.`,
  );
  const hintId = `admin-hint-${user.id}`;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="site-user">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{user.name || user.email}</span>
          {user.is_admin && (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
              <ShieldIcon className="size-3" aria-hidden /> Administrator
            </span>
          )}
          {isMe && <span className="text-xs text-muted-foreground">(you)</span>}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
      </div>
      <PlanSelect
        label={`Plan of ${user.email}`}
        value={plan.isPending && plan.variables ? plan.variables : user.plan}
        disabled={plan.isPending}
        onChange={(p) => plan.mutate(p)}
      />
      <div className="flex flex-col gap-1 sm:w-52">
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          disabled={admin.isPending || (user.is_admin && lastAdmin)}
          aria-describedby={user.is_admin && lastAdmin ? hintId : undefined}
          onClick={() => admin.mutate(!user.is_admin)}
        >
          {user.is_admin ? "Remove administrator" : "Make administrator"}
        </Button>
        {user.is_admin && lastAdmin && (
          <p id={hintId} className="text-xs text-muted-foreground">
            The last administrator stays: promote someone else first.
          </p>
        )}
      </div>
    </li>
  );
}

function UsersSection({ users, meEmail }: { users: SiteUser[]; meEmail: string | undefined }) {
  const [filter, setFilter] = useState("");
  const admins = users.filter((u) => u.is_admin).length;
  const q = filter.trim().toLowerCase();
  const shown = q
    ? users.filter((u) => u.email.toLowerCase().includes(q) || u.name.toLowerCase().includes(q))
    : users;
  return (
    <SectionCard
      id="site-users"
      title="Accounts"
      description={`${users.length} ${users.length === 1 ? "account" : "accounts"}, ${admins} ${admins === 1 ? "administrator" : "administrators"}. Plans set here stand without payments.`}
    >
      {users.length === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title="No accounts yet"
          description="Accounts appear here once people sign up."
        />
      ) : (
        <>
          <label htmlFor="site-user-filter" className="sr-only">
            Find an account
          </label>
          <input
            id="site-user-filter"
            type="search"
            placeholder="Find by name or e-mail"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="mb-2 h-9 w-full rounded-md border bg-background px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring sm:max-w-xs"
          />
          {shown.length === 0 ? (
            <p className="py-3 text-sm text-muted-foreground" role="status">
              No account matches “{filter.trim()}”.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Accounts">
              {shown.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  isMe={u.email.toLowerCase() === meEmail?.toLowerCase()}
                  lastAdmin={admins <= 1}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </SectionCard>
  );
}

/**
 * /admin (site administrators only; issue 41): every account with its plan, the plan new accounts
 * get, and who administers the server. Others see that the page is not theirs; the server
 * authorizes every call again.
 */
export function AdminPage() {
  const me = useUserPlan();
  const meEmail = useMe().data?.email;
  const isAdmin = me.data?.is_site_admin === true;
  const users = useQuery({
    queryKey: queryKeys.plans.siteUsers,
    queryFn: ({ signal }) => listSiteUsers(signal),
    enabled: isAdmin,
  });
  if (me.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!isAdmin)
    return (
      <div className="grid gap-4">
        <PageHeader title="Admin" />
        <EmptyState
          icon={ShieldIcon}
          title="This page is for site administrators"
          description="Only the administrators of this Mnemo server can see its accounts and set plans. Ask one of them if your plan needs to change."
          action={
            <Button asChild variant="outline">
              <Link to="/">Back to your memories</Link>
            </Button>
          }
        />
      </div>
    );
  return (
    <div className="grid gap-6">
      <PageHeader title="Admin" description="Accounts, plans and administrators of this server." />
      {users.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading accounts…
        </p>
      ) : users.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <span className="flex-1">The accounts could not be loaded: {users.error.message}</span>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <DefaultPlanSection plan={users.data.default_plan} source={users.data.default_plan_source} />
          <UsersSection users={users.data.users} meEmail={meEmail} />
        </>
      )}
    </div>
  );
}
