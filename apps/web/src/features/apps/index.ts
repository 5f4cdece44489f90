/** Public pieces of the connected-apps feature. */
export { IntegrationsSection } from "./components/integrations-section";
export { useConnectedAppOptions } from "./hooks/use-apps";
