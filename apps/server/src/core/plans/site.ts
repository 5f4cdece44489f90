import {
  constants,
  isPlanId,
  planMessages,
  type PlanId,
  type SiteSupport,
  type SiteUsers,
} from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import { AppError, notFound } from "../../platform/lib/errors.ts";
import { findPlanProfile } from "./repo.ts";
import * as repo from "./site-repo.ts";

/**
 * Site administration (issue 41, docs/decisions.md "Self-hosted defaults"): the first account of a
 * server is its site administrator on the top plan (`constants.plans.siteOwner`); later accounts get
 * the default plan (stored on the Admin page, else DEFAULT_PLAN); a server always keeps one
 * administrator.
 */

const DEFAULT_PLAN_KEY = "default_plan";
/** The Admin page lists at most this many accounts (a self-hosted server has a handful). */
const LIST_LIMIT = 1000;

/** The plan a new account gets: the one set on the Admin page, else DEFAULT_PLAN. */
export async function defaultPlan(
  db: Db,
  configured: string,
): Promise<{ plan: PlanId; source: "database" | "environment" }> {
  const stored = await repo.readSetting(db, DEFAULT_PLAN_KEY);
  if (typeof stored === "string" && isPlanId(stored)) return { plan: stored, source: "database" };
  return { plan: isPlanId(configured) ? configured : constants.plans.free, source: "environment" };
}

export async function setDefaultPlan(db: Db, plan: PlanId): Promise<void> {
  await repo.writeSetting(db, DEFAULT_PLAN_KEY, plan);
}

/**
 * Called once a new account's profile exists: when the server has no site administrator yet (its
 * first account), this account becomes the administrator on the top plan. Returns whether it did.
 */
export async function claimSiteAdminIfNone(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await repo.lockSiteAdmins(tx);
    if ((await repo.countSiteAdmins(tx)) > 0) return false;
    await repo.makeSiteAdmin(tx, userId, constants.plans.siteOwner);
    return true;
  });
}

/**
 * Start-up rule for servers upgraded from before site administrators: accounts exist but none is
 * an administrator, so the oldest account (the one who set the server up) becomes it, on the top
 * plan, as a fresh server's first account would. Returns its e-mail when it promoted one.
 */
export async function ensureSiteAdmin(db: Db): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await repo.lockSiteAdmins(tx);
    if ((await repo.countSiteAdmins(tx)) > 0) return undefined;
    const oldest = await repo.oldestUser(tx);
    if (!oldest) return undefined;
    await repo.makeSiteAdmin(tx, oldest.id, constants.plans.siteOwner);
    return oldest.email;
  });
}

/** Promotes or demotes a site administrator by e-mail; the last administrator cannot be demoted. */
export async function setSiteAdmin(db: Db, email: string, isAdmin: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockSiteAdmins(tx);
    const userId = await repo.findUserIdByEmail(tx, email);
    if (!userId) throw notFound("No user has this e-mail address.");
    if (!isAdmin && (await findPlanProfile(tx, userId))?.isAdmin && (await repo.countSiteAdmins(tx)) <= 1)
      throw new AppError("conflict", planMessages.lastSiteAdmin);
    await repo.setAdminFlag(tx, userId, isAdmin);
  });
}

/** GET /api/admin/users: every account, oldest first, and the plan new accounts get. */
export async function listSiteUsers(db: Db, configuredDefault: string): Promise<SiteUsers> {
  const [rows, fallback] = await Promise.all([
    repo.listUsers(db, LIST_LIMIT),
    defaultPlan(db, configuredDefault),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      plan: r.plan ?? constants.plans.free,
      is_admin: r.isAdmin ?? false,
      created_at: r.createdAt.toISOString(),
    })),
    default_plan: fallback.plan,
    default_plan_source: fallback.source,
  };
}

/**
 * What a starting server says about accounts and plans (log and console): who becomes the site
 * administrator, and which plan later accounts get.
 */
export async function describeSignUpPlans(db: Db, configuredDefault: string): Promise<string> {
  const [admins, fallback] = await Promise.all([
    repo.countSiteAdmins(db),
    defaultPlan(db, configuredDefault),
  ]);
  const later =
    fallback.source === "database"
      ? `accounts get the plan ${fallback.plan} (set on the Admin page)`
      : `accounts get the plan ${fallback.plan} (DEFAULT_PLAN${fallback.plan === constants.plans.free ? ", the default for multi-user servers" : ""}; change it on the Admin page)`;
  return admins === 0
    ? `No account yet: the first account to sign up becomes this server's site administrator on the plan ${constants.plans.siteOwner}; later ${later}.`
    : `Plans: new ${later}; site administrators set plans on the Admin page or with mnemo set-plan.`;
}

/**
 * What the contact-support dialog shows (issue 41): SUPPORT_CONTACT (an e-mail address or a
 * link), the first site administrator's name (named when no contact is set), and DOCS_URL.
 */
export async function siteSupport(
  db: Db,
  config: { SUPPORT_CONTACT?: string; DOCS_URL: string },
): Promise<SiteSupport> {
  const contact = config.SUPPORT_CONTACT;
  const name = (await repo.firstSiteAdminName(db))?.trim();
  return {
    contact: contact ? { kind: /^https?:\/\//i.test(contact) ? "url" : "email", value: contact } : null,
    admin_name: name ? name : null,
    docs_url: config.DOCS_URL,
  };
}
