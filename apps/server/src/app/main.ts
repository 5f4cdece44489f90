import { serve } from "@hono/node-server";
import { loadConfig } from "../platform/config.ts";
import { createLogger } from "../platform/logger.ts";
import { startMnemo } from "./bootstrap.ts";
import { DataDirLockedError } from "../platform/db/lock.ts";
import { siteCommands, type SiteCommand } from "../core/plans/cli.ts";
import { describeSignUpPlans } from "../core/plans/site.ts";
import { startWorker } from "./jobs.ts";
import { startupAddress } from "../platform/http/origin.ts";
import { announceCommand } from "./announce.ts";
import { siteAdminCommand } from "./site-admin.ts";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Mnemo needs Node.js >= 22.12 (found ${process.versions.node}). Use npm start, or install Node 24 LTS.`,
  );
  process.exit(1);
}

const usage = `Usage: mnemo <command>
  serve      API + web app + in-process worker (default; DISABLE_WORKER=true for API only)
  worker     background jobs only (ingestion), no HTTP
  migrate    apply database migrations and exit
  set-plan   <email> <plan>   set a user's plan (sent to the running server when one holds the data dir)
  set-default-plan <plan>     the plan new accounts get (overrides DEFAULT_PLAN)
  set-admin  <email> <on|off> promote or demote a site administrator (the last one stays)
  import     <email> <file> [--format=…] [--dry-run]   import bookmarks, list exports, notes or a Mnemo export
  export     <email> <out.zip> [--collection=<id>]     write a user's export (docs/export-format.md)
  announce   <alert|other> <message…> | --withdraw <uid>   an announcement for every user`;

async function main() {
  const command = process.argv[2] ?? "serve";
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL);
  if (command === "announce") process.exit(await announceCommand(config, log, process.argv.slice(3)));
  if ((siteCommands as readonly string[]).includes(command))
    process.exit(await siteAdminCommand(config, log, command as SiteCommand, process.argv.slice(3)));
  let mnemo;
  try {
    // `serve` starts its worker once it listens (below): /api/health answers sooner.
    mnemo = await startMnemo({
      config,
      log,
      worker: command === "worker" ? "on" : "off",
      // Every later query would fail: exit, so that the service manager starts Mnemo again
      // (PGlite recovers what was committed from its write-ahead log; the data-dir lock names this
      // process, which will be gone).
      onDatabaseLost: (reason) => {
        log.fatal({ reason }, "the embedded database stopped; exiting");
        console.error(`Mnemo stopped: ${reason}`);
        process.exit(1);
      },
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  if (command === "migrate") {
    log.info("migrations applied");
    await mnemo.stop();
    return;
  }
  if (command === "import" || command === "export") {
    const { runImportCommand, runExportCommand } = await import("../features/transfer/cli.ts");
    const run = command === "import" ? runImportCommand : runExportCommand;
    const code = await run(mnemo.ctx, process.argv.slice(3));
    await mnemo.stop();
    process.exit(code);
  }
  if (command === "worker") {
    log.info({ database: mnemo.ctx.database.kind }, "Mnemo worker is running");
    console.log("Mnemo worker is running");
    const stopWorker = async () => {
      await mnemo.stop();
      process.exit(0);
    };
    process.on("SIGINT", () => void stopWorker());
    process.on("SIGTERM", () => void stopWorker());
    return;
  }
  if (command !== "serve") {
    console.error(usage);
    await mnemo.stop();
    process.exit(1);
  }

  // Who becomes the site administrator, and which plan new accounts get (issue 41).
  const plans = await describeSignUpPlans(mnemo.ctx.database.db, config.DEFAULT_PLAN);
  log.info(plans);
  const server = serve({ fetch: mnemo.app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log.info(
      { port: info.port, database: mnemo.ctx.database.kind, dataDir: config.dataDir },
      "Mnemo is listening",
    );
    const address = startupAddress(config, info.port);
    console.log(`Mnemo is running at ${address.url}`);
    if (address.warning) {
      log.warn(address.warning);
      console.warn(`Warning: ${address.warning}`);
    }
    console.log(plans);
    if (!config.DISABLE_WORKER)
      startWorker(mnemo.ctx).catch((err: unknown) => log.error({ err }, "the worker did not start"));
  });
  // Keep idle connections open longer than clients and proxies do (60 s is common): with Node's
  // 5 s default a client may reuse a socket just as the server closes it (ECONNRESET, bench/qna).
  const http = server as import("node:http").Server;
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    server.close();
    await mnemo.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
