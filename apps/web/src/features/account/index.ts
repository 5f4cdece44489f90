/** Public pieces of the account feature, for the router. */
export { AccountPage } from "./components/account-page";
