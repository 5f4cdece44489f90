import type { Integration } from "@mnemo/contracts/apps";
import { folderConnector } from "./connectors/folder.ts";
import { githubConnector } from "./connectors/github.ts";
import { gmailConnector } from "./connectors/gmail.ts";
import { googleDriveConnector } from "./connectors/google-drive.ts";
import { mailConnector } from "./connectors/mail.ts";
import { webdavConnector } from "./connectors/webdav.ts";
import { rssConnector } from "./connectors/rss.ts";
import { notionConnector } from "./connectors/notion.ts";
import { slackConnector } from "./connectors/slack.ts";
import { microsoftConnector } from "./connectors/microsoft.ts";
import type { AppSettings, Connector, OrgKeyLookup } from "./connectors/types.ts";
import { appCredentials, isUnconfigured } from "./credentials.ts";

/**
 * Every app Mnemo knows, in rank order. A connector is one object (connectors/*.ts); adding an app
 * means adding it here. Apps that are listed but not built say so (status Coming Soon with the
 * reason) instead of pretending to connect.
 */
export const connectors: readonly Connector[] = [
  rssConnector,
  mailConnector,
  webdavConnector,
  folderConnector,
  githubConnector,
  googleDriveConnector,
  gmailConnector,
  notionConnector,
  slackConnector,
  microsoftConnector,
];

export function findConnector(appName: string): Connector | undefined {
  const key = appName.trim().toLowerCase();
  return connectors.find((c) => c.id === key || c.name.toLowerCase() === key);
}

/** Why the connector cannot be connected on this server (not built, or its OAuth client not set up). */
export function unavailableReason(c: Connector, settings: AppSettings): string | null {
  return c.unavailableReason ?? c.unconfigured?.(settings) ?? c.oauth?.unconfigured(settings) ?? null;
}

/**
 * Why `userId` cannot connect the app, or null when they can: the catalogue entry as that user
 * sees it. An OAuth app the operator has not configured is available to the members of an
 * organisation that set its keys (its client is used for them), and Unavailable with its reason
 * for everyone else.
 */
export async function unavailableFor(
  connector: Connector,
  settings: AppSettings,
  userId: string,
  orgKeys?: OrgKeyLookup,
): Promise<string | null> {
  const reason = unavailableReason(connector, settings);
  if (!reason || !connector.oauth || connector.unavailableReason) return reason;
  const credentials = await appCredentials(connector, settings, userId, orgKeys);
  return isUnconfigured(credentials) ? credentials.unavailable : null;
}

/** Spec 3 §3 Integration of a connector (`reason`: why it is unavailable, when known per user). */
export function presentIntegration(
  c: Connector,
  settings: AppSettings,
  reason: string | null = unavailableReason(c, settings),
): Integration {
  return {
    applications_id: c.id,
    application_name: c.name,
    app_logo_url: `/app-logos/${c.id}.svg`,
    status: c.status,
    rank: c.rank,
    is_truto_application: false,
    domains: c.domains,
    description: c.description,
    auth_kind: c.authKind,
    capabilities: c.capabilities,
    credential_fields: c.credentialFields,
    unavailable_reason: reason,
  };
}
