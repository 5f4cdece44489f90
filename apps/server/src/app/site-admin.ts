import type { Config } from "../platform/config.ts";
import type { Logger } from "../platform/logger.ts";
import { DataDirLockedError } from "../platform/db/lock.ts";
import { createOperatorKey, OPERATOR_HEADER } from "../platform/lib/operator.ts";
import { databaseSiteTarget, runSiteCommand, serverSiteTarget, type SiteCommand } from "../core/plans/cli.ts";
import { resolveAuthSecret, startMnemo } from "./bootstrap.ts";

/**
 * `mnemo set-plan`, `set-default-plan`, `set-admin`: on the database when it can open it
 * (PostgreSQL, or an embedded data dir no server holds); else through the running server that
 * holds it, with the operator key — as `mnemo announce` does.
 */
export async function siteAdminCommand(
  config: Config,
  log: Logger,
  command: SiteCommand,
  args: string[],
): Promise<number> {
  let mnemo: Awaited<ReturnType<typeof startMnemo>>;
  try {
    mnemo = await startMnemo({ config, log, worker: "off" });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
    const key = createOperatorKey(resolveAuthSecret(config)).token;
    return runSiteCommand(
      command,
      args,
      serverSiteTarget(`http://${host}:${config.PORT}`, key, OPERATOR_HEADER),
    );
  }
  try {
    return await runSiteCommand(command, args, databaseSiteTarget(mnemo.ctx.database.db));
  } finally {
    await mnemo.stop();
  }
}
