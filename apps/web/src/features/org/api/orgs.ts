import { z } from "zod";
import {
  zActiveOrganization,
  zInvitationDetails,
  zIsUserAdmin,
  zOrgAppKeys,
  zOrgInvitation,
  zOrgMembers,
  zOrgStats,
  zOrganization,
  zOrganizationList,
  zSelfLabel,
  zSsoExchange,
  zSsoSettings,
} from "@mnemo/contracts";
import { api } from "@/lib/api";

const zSuccess = z.object({ success: z.literal(true) });
const org = (id: string) => `organization_id=${encodeURIComponent(id)}`;

/** GET /api/org/get_user_organizations. */
export const listOrganizations = (signal?: AbortSignal) =>
  api.request("/api/org/get_user_organizations", { schema: zOrganizationList, signal });

/** POST /api/org/create: the creator becomes the owner. */
export const createOrganization = (name: string) =>
  api.request("/api/org/create", { method: "POST", body: { name }, schema: zOrganization });

/** GET /api/org/is_user_admin. */
export const isUserAdmin = (organizationId: string, signal?: AbortSignal) =>
  api.request(`/api/org/is_user_admin?${org(organizationId)}`, { schema: zIsUserAdmin, signal });

/** GET /api/org/get_org_members (admins). */
export const getMembers = (organizationId: string, signal?: AbortSignal) =>
  api.request(`/api/org/get_org_members?${org(organizationId)}`, { schema: zOrgMembers, signal });

/** POST /api/org/invite_member (admins). */
export const inviteMember = (organizationId: string, email: string, role: "admin" | "member") =>
  api.request("/api/org/invite_member", {
    method: "POST",
    body: { organization_id: organizationId, email, role },
    schema: zOrgInvitation,
  });

/** POST /api/org/update_member_role (admins). */
export const updateMemberRole = (organizationId: string, memberId: string, role: "admin" | "member") =>
  api.request("/api/org/update_member_role", {
    method: "POST",
    body: { organization_id: organizationId, member_id: memberId, role },
    schema: zSuccess,
  });

/** POST /api/org/remove_member (admins). */
export const removeMember = (organizationId: string, memberId: string) =>
  api.request("/api/org/remove_member", {
    method: "POST",
    body: { organization_id: organizationId, member_id: memberId },
    schema: zSuccess,
  });

/** POST /api/org/leave. */
export const leaveOrganization = (organizationId: string) =>
  api.request("/api/org/leave", {
    method: "POST",
    body: { organization_id: organizationId },
    schema: zSuccess,
  });

/** GET /api/org/get_invitation. */
export const getInvitation = (id: string, signal?: AbortSignal) =>
  api.request(`/api/org/get_invitation?invitation_id=${encodeURIComponent(id)}`, {
    schema: zInvitationDetails,
    signal,
  });

/** POST /api/org/accept_invitation. */
export const acceptInvitation = (id: string) =>
  api.request("/api/org/accept_invitation", {
    method: "POST",
    body: { invitation_id: id },
    schema: zOrganization,
  });

/** GET /api/org/get_organization_stats (admins). */
export const getStats = (organizationId: string, days: number, signal?: AbortSignal) =>
  api.request(`/api/org/get_organization_stats?${org(organizationId)}&days=${days}`, {
    schema: zOrgStats,
    signal,
  });

/** GET /api/org/get_organization_keys (admins). */
export const getAppKeys = (organizationId: string, signal?: AbortSignal) =>
  api.request(`/api/org/get_organization_keys?${org(organizationId)}`, { schema: zOrgAppKeys, signal });

/** POST /api/org/update_organization_keys (admins; the spec passes the fields in the query). */
export const updateAppKeys = (
  organizationId: string,
  k: { app_name: string; client_id: string; client_secret: string; redirect_url: string },
) =>
  api.request(
    `/api/org/update_organization_keys?${org(organizationId)}&${new URLSearchParams(k).toString()}`,
    {
      method: "POST",
      schema: z.object({ success: z.literal(true) }).loose(),
    },
  );

/** POST /api/org/share_collection. */
export const shareCollection = (organizationId: string, collectionId: string, access: "read" | "write") =>
  api.request("/api/org/share_collection", {
    method: "POST",
    body: { organization_id: organizationId, collection_id: collectionId, access_type: access },
    schema: zSuccess,
  });

/** GET /api/org/get_active_organization: the organisation the app follows and its shared collections. */
export const getActiveOrganization = (signal?: AbortSignal) =>
  api.request("/api/org/get_active_organization", { schema: zActiveOrganization, signal });

/** POST /api/org/set_active_organization: kept on this sign-in session. */
export const setActiveOrganization = (organizationId: string) =>
  api.request("/api/org/set_active_organization", {
    method: "POST",
    body: { organization_id: organizationId },
    schema: zActiveOrganization,
  });

/** GET /api/label/get_self_labelled_app_icon. */
export const getSelfLabel = (signal?: AbortSignal) =>
  api.request("/api/label/get_self_labelled_app_icon", { schema: zSelfLabel, signal });

/** POST /api/label/update_self_labelled_app_icon (admins of an ltd_tier_5 organisation). */
export const updateSelfLabel = (organizationId: string, imageUrl: string, appName: string) =>
  api.request("/api/label/update_self_labelled_app_icon", {
    method: "POST",
    body: { organization_id: organizationId, image_url: imageUrl, app_name: appName },
    schema: zSelfLabel,
  });

/** GET /api/org/sso (admins). */
export const getSso = (organizationId: string, signal?: AbortSignal) =>
  api.request(`/api/org/sso?${org(organizationId)}`, { schema: zSsoSettings, signal });

/** POST /api/org/sso (admins). */
export const updateSso = (body: {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domain: string;
}) => api.request("/api/org/sso", { method: "POST", body, schema: zSsoSettings });

/** POST /api/org/sso/verify_domain (admins). */
export const verifySsoDomain = (organizationId: string) =>
  api.request("/api/org/sso/verify_domain", {
    method: "POST",
    body: { organization_id: organizationId },
    schema: zSsoSettings,
  });

/** POST /api/sso/exchange: the one-time code of a finished SSO sign-in for a bearer token. */
export const exchangeSsoCode = (code: string) =>
  api.request("/api/sso/exchange", { method: "POST", body: { code }, schema: zSsoExchange, auth: false });
