/** Public pieces of the connected-apps feature. */
export { IntegrationsSection } from "./components/integrations-section";
export { useAppBadges, useConnectedAppOptions } from "./hooks/use-apps";
