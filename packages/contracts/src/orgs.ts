import { z } from "zod";
import { isPaidPlan, isWhiteLabelPlan } from "./plans.ts";
import type { PlanId } from "./constants.ts";

/**
 * Organisations, single sign-on and white-label (spec 3 §3 "Organisation", §6, §7; issue 20).
 * The spec names the calls but shows neither payloads nor messages: the shapes and wording
 * below are Mnemo's own (docs/decisions.md "Organisations").
 */

export const orgRoles = ["owner", "admin", "member"] as const;
export const zOrgRole = z.enum(orgRoles);
export type OrgRole = z.infer<typeof zOrgRole>;
/** Roles an admin may give (owner is the creator's; it is never handed out by invitation). */
export const zAssignableOrgRole = z.enum(["admin", "member"]);

/** Seats an organisation may fill (members plus pending invitations), by its owner's plan. */
export function orgSeatLimit(plan: PlanId): number {
  if (plan === "team" || plan.startsWith("ltd_tier_")) return 50;
  return isPaidPlan(plan) ? 5 : 3;
}

/** Whether an organisation whose owner is on `plan` may set its white-label name and icon. */
export const orgMayWhiteLabel = (plan: PlanId) => isWhiteLabelPlan(plan);

/** Whether an admin on `plan` may list workspace users (spec 3 §6: paid team plans only). */
export const mayListWorkspaceUsers = (plan: PlanId) => plan === "team" || plan.startsWith("ltd_tier_");

export const orgMessages = {
  notFound: "Organisation not found.",
  adminsOnly: "Only organisation admins can do this.",
  ownerOnly: "Only the organisation's owner can do this.",
  seatsFull: "All seats of this organisation are taken. Upgrade to the Team plan for more seats.",
  alreadyMember: "This person is already a member of the organisation.",
  invitationInvalid: "This invitation is no longer valid. Ask for a new one.",
  invitationOtherEmail: "This invitation was sent to another e-mail address. Sign in with that address.",
  ownerCannotLeave: "The owner cannot leave the organisation.",
  ownerCannotBeRemoved: "The owner cannot be removed from the organisation.",
  /** Composed; names the plan as users see it, never its internal id (issue 41). */
  whiteLabelPlanOnly:
    "Branding (your own app name and icon) comes with the top Lifetime plan (Lifetime Tier 5): the organisation's owner must be on it.",
  workspaceUsersTeamOnly: "Workspace users are listed for paid team plans only.",
  iconNotImage: "The icon must be a PNG, JPEG, GIF, WebP or ICO image.",
  iconFetchFailed: "The icon could not be fetched from that address.",
  nameTaken: "An organisation with that name already exists.",
  ssoNotConfigured: "Single sign-on is not set up for this e-mail domain.",
  ssoFailed: "Single sign-on failed. Please try again.",
  ssoDomainUnverified: "The domain is not verified yet.",
  /** Another organisation has proven this domain first (issue 46: only a proven claim holds it). */
  ssoDomainTaken: "Another organisation uses this domain for single sign-on.",
  ssoRequired: "Your organisation signs in with single sign-on.",
  /**
   * Composed (issue 46): single sign-on for the address of an existing account that is not a
   * member of the organisation (SSO never takes over an account without its owner's consent).
   */
  ssoExistingAccount:
    "An account with this e-mail address already exists and is not a member of this organisation. Sign in with your password and ask an organisation admin to invite you: single sign-on works once you have joined.",
  /** Composed (issue 46): the name's slug is named in the server's SSO_TRUSTED_DOMAINS. */
  slugReserved:
    "This organisation name is reserved by the server's administrator. Choose another name, or ask a site administrator to create it.",
  adminScreenDenied: "Only organisation admins can open this page.",
} as const;

export const zOrganization = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: zOrgRole,
  created_at: z.string(),
  /** The owner's plan allows the white-label look (Branding); given by the organisation list. */
  white_label: z.boolean().optional(),
});
export type Organization = z.infer<typeof zOrganization>;
export const zOrganizationList = z.object({ organizations: z.array(zOrganization) });
export type OrganizationList = z.infer<typeof zOrganizationList>;

export const zCreateOrganizationInput = z.object({ name: z.string().trim().min(2).max(80) });
export const zOrgIdQuery = z.object({ organization_id: z.string().min(1).max(100).optional() });

export const zInviteMemberInput = z.object({
  organization_id: z.string().min(1).max(100),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  role: zAssignableOrgRole.default("member"),
});
export const zOrgInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: zOrgRole,
  status: z.string(),
  expires_at: z.string(),
  /** Whether the link went out by e-mail (SMTP configured). */
  mailed: z.boolean().optional(),
  /** The link, for the inviting admin to pass on when no mail was sent. */
  invitation_url: z.string().optional(),
});
export type OrgInvitation = z.infer<typeof zOrgInvitation>;

export const zInvitationIdInput = z.object({ invitation_id: z.string().min(1).max(100) });
export const zInvitationDetails = z.object({
  id: z.string(),
  organization_name: z.string(),
  inviter_name: z.string(),
  email: z.string(),
  role: zOrgRole,
  expires_at: z.string(),
});
export type InvitationDetails = z.infer<typeof zInvitationDetails>;

export const zMemberIdInput = z.object({
  organization_id: z.string().min(1).max(100),
  member_id: z.string().min(1).max(100),
});
export const zUpdateMemberRoleInput = zMemberIdInput.extend({ role: zAssignableOrgRole });
export const zLeaveOrganizationInput = z.object({ organization_id: z.string().min(1).max(100) });

export const zOrgMember = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: zOrgRole,
  created_at: z.string(),
});
export type OrgMember = z.infer<typeof zOrgMember>;
export const zOrgMembers = z.object({
  organization_id: z.string(),
  members: z.array(zOrgMember),
  invitations: z.array(zOrgInvitation),
  seats: z.object({ used: z.number(), limit: z.number() }),
});
export type OrgMembers = z.infer<typeof zOrgMembers>;

export const zIsUserAdmin = z.object({ is_admin: z.boolean(), organization_id: z.string().nullable() });

export const zOrgStatsQuery = zOrgIdQuery.extend({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
/** Aggregates only: an admin never sees a member's private memories or questions. */
export const zOrgStats = z.object({
  organization_id: z.string(),
  period: z.object({ from: z.string(), to: z.string(), days: z.number() }),
  members: z.number(),
  memories: z.number(),
  memories_added: z.number(),
  questions_asked: z.number(),
  storage_bytes: z.number(),
});
export type OrgStats = z.infer<typeof zOrgStats>;

/** The organisation's OAuth client of an app, as `update_organization_keys` stores it. */
export const zUpdateOrgKeysInput = z.object({
  organization_id: z.string().min(1).max(100).optional(),
  app_name: z.string().trim().min(1).max(60),
  client_id: z.string().trim().min(1).max(500),
  client_secret: z.string().min(1).max(2000),
  redirect_url: z.url().max(2000),
});
export type UpdateOrgKeysInput = z.infer<typeof zUpdateOrgKeysInput>;
/**
 * The fields in a JSON body (what the web app sends: a secret in the address is kept by proxies and
 * browser history) or, for compatibility with the spec, in the query; a field in the body wins.
 */
export const zUpdateOrgKeysBody = zUpdateOrgKeysInput.partial();
export const zUpdateOrgKeysQuery = zUpdateOrgKeysInput.partial();
/** POST /api/org/update_organization_keys: what was stored (never the secret). */
export const zUpdateOrgKeysResponse = z.object({
  success: z.literal(true),
  app_name: z.string(),
  client_id: z.string(),
  redirect_url: z.string(),
});
export const zOrgAppKey = z.object({
  app_name: z.string(),
  client_id: z.string(),
  redirect_url: z.string(),
  has_client_secret: z.boolean(),
  updated_at: z.string(),
});
export type OrgAppKey = z.infer<typeof zOrgAppKey>;
export const zOrgAppKeys = z.object({ organization_id: z.string(), keys: z.array(zOrgAppKey) });

export const zOrgAppUrl = z.object({
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  app_url: z.string().nullable(),
});

export const zWorkspaceUsers = z.object({
  organization_id: z.string(),
  users: z.array(z.object({ user_id: z.string(), name: z.string(), email: z.string(), role: zOrgRole })),
});

/** POST /org/set_active_organization: the organisation the shell follows (this sign-in session). */
export const zSetActiveOrganizationInput = z.object({ organization_id: z.string().min(1).max(100) });
/**
 * GET /org/get_active_organization: the organisation the shell follows — the one chosen in this
 * session, else the first with a white-label, else the first — and the collections it shares.
 */
export const zActiveOrganization = z.object({
  organization: zOrganization.nullable(),
  /** Whether the user chose it in this session (else it is the default). */
  chosen: z.boolean(),
  shared_collections: z.array(
    z.object({
      collection_id: z.string(),
      collection_name: z.string(),
      access_type: z.enum(["read", "write"]),
    }),
  ),
});
export type ActiveOrganization = z.infer<typeof zActiveOrganization>;

export const zShareCollectionWithOrgInput = z.object({
  organization_id: z.string().min(1).max(100),
  collection_id: z.string().min(1).max(100),
  access_type: z.enum(["read", "write"]).default("read"),
});
export const zUnshareCollectionWithOrgInput = zShareCollectionWithOrgInput.pick({
  organization_id: true,
  collection_id: true,
});

/** The white-label look: `image_url` is a data: URL (usable as favicon and manifest icon without a token). */
export const zSelfLabel = z.object({
  organization_id: z.string().nullable(),
  app_name: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type SelfLabel = z.infer<typeof zSelfLabel>;
export const zUpdateSelfLabelInput = z.object({
  organization_id: z.string().min(1).max(100).optional(),
  image_url: z.url().max(2000),
  app_name: z.string().trim().min(1).max(60),
});

export const zSsoSettingsInput = z.object({
  organization_id: z.string().min(1).max(100),
  issuer: z.url().max(500),
  client_id: z.string().trim().min(1).max(500),
  client_secret: z.string().min(1).max(2000),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{3,253}$)([a-z0-9-]+\.)+[a-z0-9-]{2,}$/, "Enter a domain such as example.com."),
});
export const zSsoSettings = z.object({
  organization_id: z.string(),
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  domain: z.string().nullable(),
  domain_verified: z.boolean(),
  /** Publish this as a TXT record at `_mnemo-sso.<domain>` to prove the domain. */
  verification_record: z.string().nullable(),
  redirect_uri: z.string(),
});
export type SsoSettings = z.infer<typeof zSsoSettings>;
export const zSsoExchangeInput = z.object({ code: z.string().min(10).max(200) });
export const zSsoExchange = z.object({ token: z.string() });
/** GET /api/sso/start: the e-mail whose verified domain picks the organisation's provider. */
export const zSsoStartQuery = z.object({ email: z.email().max(320) });
