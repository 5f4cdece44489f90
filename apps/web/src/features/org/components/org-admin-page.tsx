import { Link, useParams } from "react-router";
import { orgMessages } from "@mnemo/contracts";
import { PageHeader } from "@/components/ui/page-header";
import { useIsOrgAdmin, useOrganizations } from "../hooks/use-org";
import { AppKeysSection } from "./app-keys-section";
import { BrandingSection, BrandingUnavailable } from "./branding-section";
import { MembersSection } from "./members-section";
import { SsoSection } from "./sso-section";
import { StatsSection } from "./stats-section";

/**
 * /org/{id}/admin: members, stats, app keys, branding and single sign-on. Shown to admins only;
 * the server authorizes every call again (a member gets 403 from each).
 */
export function OrgAdminPage() {
  const { id = "" } = useParams();
  const admin = useIsOrgAdmin(id);
  const orgs = useOrganizations();
  const org = orgs.data?.organizations.find((o) => o.id === id);
  if (admin.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!admin.data?.is_admin || !org)
    return (
      <div className="grid gap-4">
        <PageHeader title="Organisation admin" />
        <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm">
          {orgMessages.adminScreenDenied}
        </p>
        <Link to="/org" className="text-sm underline">
          Back to organisations
        </Link>
      </div>
    );
  return (
    <div className="grid gap-6">
      <PageHeader title={`${org.name} admin`} description="Members, usage, app keys, branding and sign-in." />
      <MembersSection org={org} />
      <StatsSection organizationId={org.id} />
      <AppKeysSection organizationId={org.id} />
      {org.white_label ? <BrandingSection organizationId={org.id} /> : <BrandingUnavailable />}
      <SsoSection organizationId={org.id} />
    </div>
  );
}
