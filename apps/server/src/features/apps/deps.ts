import type { PlatformContext } from "../../platform/context.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import { runSandboxed } from "../../platform/sandbox/runner.ts";
import {
  parseDavListingTask,
  parseFeedTask,
  parseFrontMatterTask,
  parseMailTask,
} from "./connectors/sandbox-tasks.ts";
import type { OrgKeyLookup } from "./connectors/types.ts";
import type { AppsDeps } from "./service.ts";
import { syncSavePolicy, type SavePolicyContext } from "./save-policy.ts";

/**
 * What the apps service's dependencies are built from (routes and the worker both hold it).
 * `orgAppKeys`: an organisation's own app keys for a member (the orgs feature, wired in app/).
 */
export type AppsContext = Pick<
  PlatformContext,
  "database" | "secrets" | "config" | "queue" | "events" | "log"
> &
  SavePolicyContext & { orgAppKeys: OrgKeyLookup };

/** The apps service's dependencies, from the one context built at start-up. */
export function appsDeps(ctx: AppsContext): AppsDeps {
  const db = ctx.database.db;
  return {
    db,
    box: ctx.secrets,
    connector: {
      settings: ctx.config,
      fetch: (input, init) => fetch(input, init),
      fetchOptions: linkFetchOptions(ctx.config),
      parseFeed: (xml) => runSandboxed(parseFeedTask, xml, { timeoutMs: ctx.config.PARSE_TIMEOUT_MS }),
      parseMail: (source) => runSandboxed(parseMailTask, source, { timeoutMs: ctx.config.PARSE_TIMEOUT_MS }),
      parseFrontMatter: (blocks) =>
        runSandboxed(parseFrontMatterTask, blocks, { timeoutMs: ctx.config.PARSE_TIMEOUT_MS }),
      parseDavListing: (input) =>
        runSandboxed(parseDavListingTask, input, { timeoutMs: ctx.config.PARSE_TIMEOUT_MS }),
      orgKeys: ctx.orgAppKeys,
    },
    planOf: async (actor) => (await loadPlanState(db, actor)).plan,
    enqueueSync: (accountId, key) => ctx.queue.send("apps.sync", { accountId }, { key }),
    ...syncSavePolicy(ctx),
    notify: (ownerId, accountId) =>
      void ctx.events.publish(ownerId, { type: "apps", data: { account_id: accountId } }),
    log: ctx.log,
  };
}
