/**
 * TEST ONLY: the local https fixture website for the capture e2e test, on a fixed port, with its
 * throw-away CA copied to a fixed path. Playwright starts it (webServer) before the Mnemo server,
 * which trusts that CA (FETCH_EXTRA_CA) and may reach 127.0.0.1 (FETCH_ALLOW_HOSTS).
 */
import fs from "node:fs";
import { startFixtureSite } from "../apps/server/src/test/fixtures/sites/server.ts";
import { fixtureCaPath, fixturePort } from "./fixture-site-config.ts";

const site = await startFixtureSite({ port: fixturePort });
// The feed the connected-apps test subscribes to (e2e/apps.spec.ts).
site.feeds.set("e2e", [
  { id: "e2e-1", title: "The Sourdough Starter Handbook", path: "/articles/sourdough", summary: "Starters." },
  { id: "e2e-2", title: "Backyard Astronomy for Beginners", path: "/articles/astronomy", summary: "Stars." },
]);
fs.copyFileSync(site.caPath, fixtureCaPath);
console.log(`fixture site on ${site.origin}, CA at ${fixtureCaPath}`);

const stop = () => void site.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
