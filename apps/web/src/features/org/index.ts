/** Public pieces of the organisation feature, for the router and the app shell. */
export { OrgPage } from "./components/org-page";
export { OrgAdminPage } from "./components/org-admin-page";
export { InvitationPage } from "./components/invitation-page";
export { SsoPage } from "./components/sso-page";
export { useBranding } from "./hooks/use-branding";
export { OrgSwitcher } from "./components/org-switcher";
