import { z } from "zod";
import { files, links, plans as planConstants, type PlanId } from "./constants.ts";

/**
 * The plan table (spec 1 §3 "Plan limits", spec 3 §3). The spec names the limits but shows no
 * values; the values below are Mnemo's own choice, explained in docs/decisions.md ("Plan limits").
 * `null` means unlimited. Daily counters (qna, web, apps, agent, file uploads) reset every day;
 * collection and integration counts are totals.
 */
export type PlanLimits = {
  /** Questions per day (POST /qna). Also caps app searches per day ("copilot app searches"). */
  qnaCount: number | null;
  /** Questions with web search on, per day. */
  webSearchCount: number | null;
  /** Agent runs per day. */
  agentCount: number | null;
  /** Collections owned, in total. */
  collectionCount: number | null;
  /** Connected integrations, in total. */
  integrationCount: number | null;
  /** Files uploaded per day. */
  fileUploadCount: number | null;
  /** The user may choose the model (free users get the free default). */
  modelSelection: boolean;
};

/** Extra per-plan settings beside the spec's seven limits. */
export type PlanInfo = {
  limits: PlanLimits;
  /** Total size of one file pick in MB; `null` = unlimited, which the client reads as 100 MB. */
  uploadSizeMb: number | null;
  /** Longest video that may be saved, in minutes; `null` = no cap. */
  videoMaxMinutes: number | null;
  /**
   * Minutes of audio transcribed per day (recordings and the chat microphone); `null` = unlimited.
   * The spec names no such limit; Mnemo's choice (docs/decisions.md, "Transcription quota").
   */
  transcriptionMinutes: number | null;
  /** Paid plans (everything but free). */
  paid: boolean;
  /** White-label organisation look (spec 3 §6: ltd_tier_5). */
  whiteLabel: boolean;
};

export type LimitKind = Exclude<keyof PlanLimits, "modelSelection">;
export const limitKinds = [
  "qnaCount",
  "webSearchCount",
  "agentCount",
  "collectionCount",
  "integrationCount",
  "fileUploadCount",
] as const satisfies readonly LimitKind[];

/** Daily usage counters (spec 1 §3 "User stats": apps, web, agent; plus questions and file uploads). */
export const usageKinds = ["qna", "web", "apps", "agent", "file_upload"] as const;
export type UsageKind = (typeof usageKinds)[number];

/** Which plan limit caps each daily counter. App searches share the question limit (decisions.md). */
export const usageLimitKind: Record<UsageKind, LimitKind> = {
  qna: "qnaCount",
  web: "webSearchCount",
  apps: "qnaCount",
  agent: "agentCount",
  file_upload: "fileUploadCount",
};

const unlimited: PlanLimits = {
  qnaCount: null,
  webSearchCount: null,
  agentCount: null,
  collectionCount: null,
  integrationCount: null,
  fileUploadCount: null,
  modelSelection: true,
};

/** Lifetime tiers: unlimited searches, uploads and model choice (the Lifetime card); tiers differ in agents, collections and integrations. */
const lifetime = (
  agentCount: number | null,
  collectionCount: number | null,
  integrationCount: number | null,
  whiteLabel = false,
): PlanInfo => ({
  limits: { ...unlimited, agentCount, collectionCount, integrationCount },
  uploadSizeMb: null,
  videoMaxMinutes: null,
  transcriptionMinutes: null,
  paid: true,
  whiteLabel,
});

/** Every plan's limits. Team and the top lifetime tier are unlimited. */
export const planTable: Record<PlanId, PlanInfo> = {
  free: {
    limits: {
      qnaCount: 10,
      webSearchCount: 5,
      agentCount: 3,
      collectionCount: 3,
      integrationCount: 2,
      fileUploadCount: 10,
      modelSelection: false,
    },
    uploadSizeMb: 25,
    videoMaxMinutes: links.videoMaxMinutes,
    transcriptionMinutes: 60,
    paid: false,
    whiteLabel: false,
  },
  pro: {
    limits: {
      qnaCount: null,
      webSearchCount: 100,
      agentCount: 50,
      collectionCount: 25,
      integrationCount: null,
      fileUploadCount: 100,
      modelSelection: true,
    },
    uploadSizeMb: 50,
    videoMaxMinutes: null,
    transcriptionMinutes: 600,
    paid: true,
    whiteLabel: false,
  },
  team: {
    limits: unlimited,
    uploadSizeMb: null,
    videoMaxMinutes: null,
    transcriptionMinutes: null,
    paid: true,
    whiteLabel: false,
  },
  ltd_tier_1: lifetime(20, 10, 5),
  ltd_tier_2: lifetime(50, 25, 10),
  ltd_tier_3: lifetime(100, 50, 20),
  ltd_tier_4: lifetime(null, 100, null),
  ltd_tier_5: lifetime(null, null, null, true),
};

/** The plan ids, for validation. */
export const zPlanId = z.enum(planConstants.ids);

/** Whether a string is one of the plan ids. */
export function isPlanId(plan: string): plan is PlanId {
  return (planConstants.ids as readonly string[]).includes(plan);
}

/** Paid plans are every plan but free. */
export function isPaidPlan(plan: PlanId): boolean {
  return planTable[plan].paid;
}

/** The limits of a plan. */
export function planLimits(plan: PlanId): PlanLimits {
  return planTable[plan].limits;
}

/** One numeric limit of a plan; `null` = unlimited. */
export function limitFor(plan: PlanId, kind: LimitKind): number | null {
  return planTable[plan].limits[kind];
}

/** The limit that caps a daily usage counter; `null` = unlimited. */
export function usageLimitFor(plan: PlanId, kind: UsageKind): number | null {
  return limitFor(plan, usageLimitKind[kind]);
}

/** Total size of one file pick in MB (spec 2 §5): the plan's limit, 100 when unlimited. */
export function uploadSizeLimitMb(plan: PlanId): number {
  return planTable[plan].uploadSizeMb ?? files.unlimitedTotalSizeMb;
}

/** Longest video the plan may save, in minutes; `null` = no cap (spec 2 §5: free is capped at 60). */
export function videoMaxMinutes(plan: PlanId): number | null {
  return planTable[plan].videoMaxMinutes;
}

/** Minutes of audio the plan may transcribe per day; `null` = unlimited. */
export function transcriptionMinutesPerDay(plan: PlanId): number | null {
  return planTable[plan].transcriptionMinutes;
}

/** Whether the plan gets the white-label organisation look (spec 3 §6). */
export function isWhiteLabelPlan(plan: PlanId): boolean {
  return planTable[plan].whiteLabel;
}

/** Whether the count has reached the limit (`null` = never). */
export function isAtLimit(count: number, limit: number | null): boolean {
  return limit !== null && count >= limit;
}

/** Uses left today; `null` = unlimited. */
export function usesLeft(count: number, limit: number | null): number | null {
  return limit === null ? null : Math.max(0, limit - count);
}

const zLimit = z.number().int().min(0).nullable();

export const zPlanLimits = z.object({
  qnaCount: zLimit,
  webSearchCount: zLimit,
  agentCount: zLimit,
  collectionCount: zLimit,
  integrationCount: zLimit,
  fileUploadCount: zLimit,
  modelSelection: z.boolean(),
});

/** GET /api/user/plan (spec 3 §3 "Plan response" plus the limits and the subscription status). */
export const zUserPlan = z.object({
  plan: zPlanId,
  is_org_admin: z.boolean(),
  is_app_sumo_admin: z.boolean(),
  /** A site administrator of this server (the Admin page: plans, the default plan, administrators). */
  is_site_admin: z.boolean(),
  skip_trial: z.boolean(),
  /** trialing | active when a subscription carries the plan; the latest other status, or null. */
  subscription_status: z.string().nullable(),
  is_paid: z.boolean(),
  white_label: z.boolean(),
  limits: zPlanLimits,
  upload_size_limit_mb: z.number(),
  video_max_minutes: z.number().nullable(),
});
export type UserPlan = z.infer<typeof zUserPlan>;

/** One counter of GET /api/user/stats: today's count, its limit (`null` = unlimited) and uses left. */
export const zUsageStat = z.object({ count: z.number().int(), limit: zLimit, remaining: zLimit });
export type UsageStat = z.infer<typeof zUsageStat>;

export const zUserStatsQuery = z.object({
  needDailyStats: z.enum(["true", "false"]).optional(),
  /** The user's local date-time; the day counted is its calendar date (decisions.md). */
  user_system_date: z.string().max(100).optional(),
});

/** GET /api/user/stats. `daily` is present when needDailyStats=true. */
export const zUserStats = z.object({
  plan: zPlanId,
  day: z.string(),
  daily: z
    .object({
      qna: zUsageStat,
      web: zUsageStat,
      apps: zUsageStat,
      agent: zUsageStat,
      file_upload: zUsageStat,
    })
    .optional(),
  collections: zUsageStat,
});
export type UserStats = z.infer<typeof zUserStats>;

/** PUT /api/admin/user_plan: an administrator sets a user's plan. */
export const zSetUserPlanInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  plan: zPlanId,
});
export type SetUserPlanInput = z.infer<typeof zSetUserPlanInput>;
export const zSetUserPlanResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  plan: z.string(),
});

/** One account on the Admin page (GET /api/admin/users). */
export const zSiteUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  plan: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type SiteUser = z.infer<typeof zSiteUser>;

/** GET /api/admin/users: every account (oldest first) and the plan new accounts get. */
export const zSiteUsers = z.object({
  users: z.array(zSiteUser),
  /** The plan a new account gets: the stored setting, else DEFAULT_PLAN. */
  default_plan: zPlanId,
  /** Where `default_plan` comes from: set on the Admin page (database) or DEFAULT_PLAN (environment). */
  default_plan_source: z.enum(["database", "environment"]),
});
export type SiteUsers = z.infer<typeof zSiteUsers>;

/**
 * GET /api/site/support (issue 41): whom the contact-support dialog names and where the docs are.
 * `contact` is SUPPORT_CONTACT (an e-mail address or a link), null when unset; `admin_name` is the
 * first site administrator's name (the dialog names them when no contact is set); `docs_url` is
 * DOCS_URL, else the README this server serves (/api/docs).
 */
export const zSiteSupport = z.object({
  contact: z.object({ kind: z.enum(["email", "url"]), value: z.string() }).nullable(),
  admin_name: z.string().nullable(),
  docs_url: z.string(),
});
export type SiteSupport = z.infer<typeof zSiteSupport>;

export const zSetDefaultPlanInput = z.object({ plan: zPlanId });
export type SetDefaultPlanInput = z.infer<typeof zSetDefaultPlanInput>;
export const zSetDefaultPlanResponse = z.object({ success: z.literal(true), default_plan: zPlanId });

export const zSetSiteAdminInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  is_admin: z.boolean(),
});
export type SetSiteAdminInput = z.infer<typeof zSetSiteAdminInput>;
export const zSetSiteAdminResponse = z.object({
  success: z.literal(true),
  email: z.string(),
  is_admin: z.boolean(),
});
