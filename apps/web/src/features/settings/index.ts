/** Public pieces of the settings feature, for the router. */
export { SettingsPage } from "./components/settings-page";
