import { agentsServerPort, orgsServerPort } from "./fixture-site-config.ts";

/**
 * The account each e2e server's first sign-up belongs to (e2e/global-setup.ts): the site
 * administrator on the top plan, so that the accounts the specs sign up are later accounts on the
 * default plan, as on a server in use (issue 41).
 */
export const siteOwner = {
  name: "Site Owner",
  email: "site-owner@e2e.test",
  password: "correct horse battery",
};

/** The servers playwright.config.ts starts: the default one, the agents one and the organisations one. */
export function e2eServerOrigins(): string[] {
  const port = Number(process.env.E2E_PORT ?? 3101);
  return [port, agentsServerPort, orgsServerPort].map((p) => `http://127.0.0.1:${p}`);
}
