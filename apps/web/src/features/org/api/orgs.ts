import { z } from "zod";
import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

const { orgs, label, sso } = endpoints;
const org = (id: string) => ({ organization_id: id });
/** Saving app keys reads only the success flag of the answer. */
const updateKeys = { ...orgs.updateKeys, response: z.object({ success: z.literal(true) }).loose() };

/** GET /api/org/get_user_organizations. */
export const listOrganizations = (signal?: AbortSignal) => api.request(orgs.list, { signal });

/** POST /api/org/create: the creator becomes the owner. */
export const createOrganization = (name: string) => api.request(orgs.create, { body: { name } });

/** GET /api/org/is_user_admin. */
export const isUserAdmin = (organizationId: string, signal?: AbortSignal) =>
  api.request(orgs.isUserAdmin, { query: org(organizationId), signal });

/** GET /api/org/get_org_members (admins). */
export const getMembers = (organizationId: string, signal?: AbortSignal) =>
  api.request(orgs.members, { query: org(organizationId), signal });

/** POST /api/org/invite_member (admins). */
export const inviteMember = (organizationId: string, email: string, role: "admin" | "member") =>
  api.request(orgs.inviteMember, { body: { organization_id: organizationId, email, role } });

/** POST /api/org/update_member_role (admins). */
export const updateMemberRole = (organizationId: string, memberId: string, role: "admin" | "member") =>
  api.request(orgs.updateMemberRole, {
    body: { organization_id: organizationId, member_id: memberId, role },
  });

/** POST /api/org/remove_member (admins). */
export const removeMember = (organizationId: string, memberId: string) =>
  api.request(orgs.removeMember, { body: { organization_id: organizationId, member_id: memberId } });

/** POST /api/org/leave. */
export const leaveOrganization = (organizationId: string) =>
  api.request(orgs.leave, { body: { organization_id: organizationId } });

/** GET /api/org/get_invitation. */
export const getInvitation = (id: string, signal?: AbortSignal) =>
  api.request(orgs.getInvitation, { query: { invitation_id: id }, signal });

/** POST /api/org/accept_invitation. */
export const acceptInvitation = (id: string) =>
  api.request(orgs.acceptInvitation, { body: { invitation_id: id } });

/** GET /api/org/get_organization_stats (admins). */
export const getStats = (organizationId: string, days: number, signal?: AbortSignal) =>
  api.request(orgs.stats, { query: { ...org(organizationId), days }, signal });

/** GET /api/org/get_organization_keys (admins). */
export const getAppKeys = (organizationId: string, signal?: AbortSignal) =>
  api.request(orgs.getKeys, { query: org(organizationId), signal });

/**
 * POST /api/org/update_organization_keys (admins). The fields go in the JSON body, never the address
 * (the spec's query form would leave the client secret in proxies' logs and the browser's history).
 */
export const updateAppKeys = (
  organizationId: string,
  k: { app_name: string; client_id: string; client_secret: string; redirect_url: string },
) => api.request(updateKeys, { body: { ...org(organizationId), ...k } });

/** POST /api/org/share_collection. */
export const shareCollection = (organizationId: string, collectionId: string, access: "read" | "write") =>
  api.request(orgs.shareCollection, {
    body: { organization_id: organizationId, collection_id: collectionId, access_type: access },
  });

/** GET /api/org/get_active_organization: the organisation the app follows and its shared collections. */
export const getActiveOrganization = (signal?: AbortSignal) => api.request(orgs.getActive, { signal });

/** POST /api/org/set_active_organization: kept on this sign-in session. */
export const setActiveOrganization = (organizationId: string) =>
  api.request(orgs.setActive, { body: { organization_id: organizationId } });

/** GET /api/label/get_self_labelled_app_icon. */
export const getSelfLabel = (signal?: AbortSignal) => api.request(label.get, { signal });

/** POST /api/label/update_self_labelled_app_icon (admins of an ltd_tier_5 organisation). */
export const updateSelfLabel = (organizationId: string, imageUrl: string, appName: string) =>
  api.request(label.update, {
    body: { organization_id: organizationId, image_url: imageUrl, app_name: appName },
  });

/** GET /api/org/sso (admins). */
export const getSso = (organizationId: string, signal?: AbortSignal) =>
  api.request(sso.get, { query: org(organizationId), signal });

/** POST /api/org/sso (admins). */
export const updateSso = (body: {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domain: string;
}) => api.request(sso.update, { body });

/** POST /api/org/sso/verify_domain (admins). */
export const verifySsoDomain = (organizationId: string) =>
  api.request(sso.verifyDomain, { body: org(organizationId) });

/** POST /api/sso/exchange: the one-time code of a finished SSO sign-in for a bearer token. */
export const exchangeSsoCode = (code: string) => api.request(sso.exchange, { body: { code }, auth: false });

/** Where the browser goes to sign in with the organisation's provider (GET /api/sso/start). */
export const ssoStartUrl = (email: string) => api.url(sso.start, { query: { email } });
