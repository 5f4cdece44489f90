/** Public pieces of the connected-apps feature. */
export { IntegrationsSection } from "./components/integrations-section";
export { SyncLedgerPage } from "./components/sync-ledger-page";
export { useAppBadges, useConnectedAppOptions } from "./hooks/use-apps";
