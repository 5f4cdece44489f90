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
import type { AppSettings, Connector } from "./connectors/types.ts";

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

/** Spec 3 §3 Integration of a connector. */
export function presentIntegration(c: Connector, settings: AppSettings): Integration {
  return {
    applications_id: c.id,
    application_name: c.name,
    app_logo_url: c.logo,
    status: c.status,
    rank: c.rank,
    is_truto_application: false,
    domains: c.domains,
    description: c.description,
    auth_kind: c.authKind,
    capabilities: c.capabilities,
    credential_fields: c.credentialFields,
    unavailable_reason: unavailableReason(c, settings),
  };
}
