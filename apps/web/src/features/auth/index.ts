/** Public pieces of the auth feature, for the router, the guards and every sign-out button. */
export { SignInPage } from "./components/sign-in-page";
export { SignUpPage } from "./components/sign-up-page";
export { afterSignIn, safeNext, useSignOut } from "./hooks/use-auth-mutations";
export { AuthLayout } from "./components/auth-layout";
