import { e2eServerOrigins, siteOwner } from "./site-owner.ts";

/**
 * Runs once the web servers are up (Playwright starts them before the global setup): the first
 * account of each server is the site owner, so no spec's account becomes the administrator by
 * being first (issue 41).
 */
export default async function globalSetup() {
  for (const origin of e2eServerOrigins()) {
    const res = await fetch(`${origin}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(siteOwner),
    });
    if (res.status !== 200 && res.status !== 409)
      throw new Error(`site owner sign-up on ${origin}: ${res.status} ${await res.text()}`);
  }
}
