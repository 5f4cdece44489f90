import os from "node:os";
import path from "node:path";
import { fixturePort } from "./fixture-site-config.ts";

/** The WebDAV fixture's account (e2e/webdav-fixture.ts) and where it says where it serves. */
export const webdavUser = { user: "ada", password: "e2e-webdav-secret" };
export const webdavInfoPath = path.join(os.tmpdir(), `mnemo-e2e-webdav-${fixturePort}.json`);
export type WebDavInfo = { url: string; dir: string };
