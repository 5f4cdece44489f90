import { createApiClient } from "./api-client.ts";
import { authToken } from "./auth-token.ts";
import { reportError } from "./report-error.ts";

/**
 * The app's one API client. When the session is gone the token is cleared; the route guard
 * watches the token and sends the person to sign-in.
 */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  tokens: authToken,
  onSignedOut: () => undefined,
  reportError: (err, context) => reportError(err, context),
});

export { ApiError, errorMessage } from "./api-error.ts";
