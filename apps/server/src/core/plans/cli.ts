import { constants, isPlanId, type PlanId } from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { setUserPlan } from "./service.ts";
import { setDefaultPlan, setSiteAdmin } from "./site.ts";

export type CommandOutput = { log(line: string): void; error(line: string): void };

/** The operator commands that change plans and administrators (issue 41). */
export const siteCommands = ["set-plan", "set-default-plan", "set-admin"] as const;
export type SiteCommand = (typeof siteCommands)[number];

export const siteUsage: Record<SiteCommand, string> = {
  "set-plan": "Usage: mnemo set-plan <email> <plan>",
  "set-default-plan": "Usage: mnemo set-default-plan <plan>",
  "set-admin": "Usage: mnemo set-admin <email> <on|off>",
};

/**
 * Where a command sends its change: straight to the database (PostgreSQL, or an embedded data dir
 * no server holds), or to the running server that holds it (`serverSiteTarget`).
 */
export type SiteTarget = {
  setPlan(email: string, plan: PlanId): Promise<void>;
  setDefaultPlan(plan: PlanId): Promise<void>;
  setAdmin(email: string, isAdmin: boolean): Promise<void>;
};

/** The database as the target. */
export function databaseSiteTarget(db: Db): SiteTarget {
  return {
    setPlan: async (email, plan) => void (await setUserPlan(db, email, plan)),
    setDefaultPlan: (plan) => setDefaultPlan(db, plan),
    setAdmin: (email, isAdmin) => setSiteAdmin(db, email, isAdmin),
  };
}

/** A running server as the target, called with the operator key (the embedded server owns its database). */
export function serverSiteTarget(baseUrl: string, operatorKey: string, header: string): SiteTarget {
  const put = async (path: string, body: unknown) => {
    const res = await fetch(baseUrl + path, {
      method: "PUT",
      headers: { [header]: operatorKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.ok) return;
    const text = await res.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // keep the body as it is
    }
    throw new ServerRefusal(res.status, message);
  };
  return {
    setPlan: (email, plan) => put("/api/admin/user_plan", { email, plan }),
    setDefaultPlan: (plan) => put("/api/admin/default_plan", { plan }),
    setAdmin: (email, isAdmin) => put("/api/admin/site_admin", { email, is_admin: isAdmin }),
  };
}

class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const unknownPlan = (plan: string) => `Unknown plan "${plan}". Plans: ${constants.plans.ids.join(", ")}.`;

/**
 * `mnemo set-plan <email> <plan>`, `mnemo set-default-plan <plan>`, `mnemo set-admin <email> <on|off>`.
 * Returns the process exit code: 0 done, 1 bad arguments, unknown user or refused.
 */
export async function runSiteCommand(
  command: SiteCommand,
  args: string[],
  target: SiteTarget,
  out: CommandOutput = console,
): Promise<number> {
  const usage = () => {
    out.error(siteUsage[command]);
    return 1;
  };
  const arity = command === "set-default-plan" ? 1 : 2;
  if (args.length !== arity || args.some((a) => !a)) return usage();
  const email = (args[0] ?? "").trim();
  try {
    if (command === "set-plan") {
      const plan = args[1]!;
      if (!isPlanId(plan)) return fail(out, unknownPlan(plan));
      await target.setPlan(email, plan);
      out.log(`The plan of ${args[0]} is now ${plan}.`);
    } else if (command === "set-default-plan") {
      const plan = args[0]!;
      if (!isPlanId(plan)) return fail(out, unknownPlan(plan));
      await target.setDefaultPlan(plan);
      out.log(`New accounts now get the plan ${plan}.`);
    } else {
      const flag = args[1]!.toLowerCase();
      if (flag !== "on" && flag !== "off") return usage();
      await target.setAdmin(email, flag === "on");
      out.log(`${args[0]} is ${flag === "on" ? "now" : "no longer"} a site administrator.`);
    }
    return 0;
  } catch (err) {
    if (
      (err instanceof AppError && err.code === "not_found") ||
      (err instanceof ServerRefusal && err.status === 404)
    )
      return fail(out, `No user has the e-mail address ${args[0]}.`);
    if (err instanceof AppError || err instanceof ServerRefusal) return fail(out, err.message);
    throw err;
  }
}

function fail(out: CommandOutput, line: string): number {
  out.error(line);
  return 1;
}

/** `mnemo set-plan` on the database (kept for callers that hold it open). */
export function runSetPlanCommand(db: Db, args: string[], out: CommandOutput = console): Promise<number> {
  return runSiteCommand("set-plan", args, databaseSiteTarget(db), out);
}
