import { constants, isPlanId } from "@mnemo/contracts";
import { AppError } from "../../platform/lib/errors.ts";
import type { Tx } from "./repo.ts";
import { setUserPlan } from "./service.ts";

export type CommandOutput = { log(line: string): void; error(line: string): void };

/**
 * `mnemo set-plan <email> <plan>`: the operator sets a user's plan (with skip_trial, so it stands
 * without a subscription). Returns the process exit code: 0 done, 1 bad arguments or unknown user.
 */
export async function runSetPlanCommand(
  db: Tx,
  args: string[],
  out: CommandOutput = console,
): Promise<number> {
  const [email, plan] = args;
  if (!email || !plan || args.length !== 2) {
    out.error("Usage: mnemo set-plan <email> <plan>");
    return 1;
  }
  if (!isPlanId(plan)) {
    out.error(`Unknown plan "${plan}". Plans: ${constants.plans.ids.join(", ")}.`);
    return 1;
  }
  try {
    await setUserPlan(db, email.trim(), plan);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") {
      out.error(`No user has the e-mail address ${email}.`);
      return 1;
    }
    throw err;
  }
  out.log(`The plan of ${email} is now ${plan}.`);
  return 0;
}
