/**
 * TEST ONLY: the WebDAV server of the sync ledger spec (e2e/sync-ledger.spec.ts): Debian's rclone
 * serving a temporary folder over https with the fixture site's test CA (which the e2e Mnemo
 * trusts through FETCH_EXTRA_CA). Imported by e2e/fixture-site.ts; where it serves and its folder
 * are written to `webdavInfoPath` for the spec, which puts its files there.
 */
import fs from "node:fs";
import { startWebDav } from "../apps/server/src/test/fixtures/webdav/rclone.ts";
import { webdavInfoPath, webdavUser, type WebDavInfo } from "./webdav-config.ts";

const dav = await startWebDav(webdavUser.user, webdavUser.password);
const info: WebDavInfo = { url: dav.url, dir: dav.dir };
fs.writeFileSync(webdavInfoPath, JSON.stringify(info));
console.log(`WebDAV fixture on ${dav.url}, serving ${dav.dir}`);

const stop = () => void dav.close().finally(() => fs.rmSync(webdavInfoPath, { force: true }));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The fixture site exits on a signal of its own: rclone is stopped and the folder removed with it.
process.on("exit", () => {
  void dav.close();
  fs.rmSync(dav.dir, { recursive: true, force: true });
  fs.rmSync(webdavInfoPath, { force: true });
});
