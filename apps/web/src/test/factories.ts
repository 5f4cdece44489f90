import type { ConnectedAccount, Integration } from "@mnemo/contracts";

/** An app of the integrations list as GET /api/integrations returns it (active, OAuth). */
export const integration = (id: string, name: string, extra: Partial<Integration> = {}): Integration => ({
  applications_id: id,
  application_name: name,
  app_logo_url: `/app-logos/${id}.svg`,
  status: "Active",
  rank: 1,
  is_truto_application: false,
  domains: [],
  description: `${name} things.`,
  auth_kind: "oauth2",
  capabilities: ["sync", "search", "content"],
  credential_fields: [],
  unavailable_reason: null,
  ...extra,
});

/** A connected account of Ada's, synced once and idle. */
export const connectedAccount = (
  appName: string,
  id: string,
  extra: Partial<ConnectedAccount> = {},
): ConnectedAccount => ({
  id,
  app_name: appName,
  title: "ada@example.org",
  isMcp: false,
  needsReAuth: false,
  needs_reauth: false,
  user_email: "ada@example.org",
  user_name: null,
  org_name: null,
  org_url: null,
  created_at: "2026-11-20T10:00:00Z",
  sync: {
    state: "idle",
    last_sync_at: "2026-11-20T10:01:00Z",
    items_synced: 3,
    problems: 0,
    indexing: 0,
    last_error: null,
  },
  ...extra,
});
