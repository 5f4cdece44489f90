import { useEffect } from "react";
import { useLocation } from "react-router";
import { LogOutIcon } from "lucide-react";
import { routes } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { useSignOut } from "@/features/auth";
import { UsageMeters } from "@/features/plans";
import { AccessTokensSection } from "@/features/access-tokens";
import { ProfileNameForm, useMe } from "@/features/users";
import { McpSection } from "./mcp-section";

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="truncate text-sm">{value}</dd>
    </div>
  );
}

/** Account: profile, plan, agent (MCP) settings at `#mcps`, sign out. */
export function AccountPage() {
  const { data: me, isPending } = useMe();
  const { hash } = useLocation();
  const signOut = useSignOut();

  useEffect(() => {
    if (!hash || isPending) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [hash, isPending]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Account" description="Your profile, plan and agent settings." />
      <SectionCard title="Profile">
        {me ? (
          <div className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Email" value={me.email} />
              <Detail label="Plan" value={me.plan} />
              <Detail label="Member since" value={new Date(me.created_at).toLocaleDateString()} />
            </dl>
            <div className="max-w-sm">
              <ProfileNameForm key={me.full_name} initial={me.full_name} submitLabel="Save name" />
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {isPending ? "Loading…" : "Your profile could not be loaded."}
          </p>
        )}
      </SectionCard>
      <UsageMeters />
      <SectionCard
        id={routes.accountMcpsAnchor}
        title="Agents (MCP)"
        description="MCP servers whose tools your agents may call (Model Context Protocol)."
      >
        <McpSection />
      </SectionCard>
      <SectionCard
        id="access-tokens"
        title="Mnemo in other AI tools"
        description="Let Claude Desktop, Cursor and other MCP clients search, ask and save to your memories with a personal access token."
      >
        <AccessTokensSection />
      </SectionCard>
      <SectionCard title="Session">
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOutIcon aria-hidden /> Sign out
        </Button>
      </SectionCard>
    </div>
  );
}
