/**
 * The organisation authorization matrix (issue 20): every /org, /label and organisation route,
 * and the organisation-scoped reads of other modules, with the exact status each actor must get.
 * Actors: `nonMember` (signed in, in no organisation), `member`, `admin` and `owner` of
 * organisation A, and `otherAdmin` (owner of organisation B).
 */
export const orgActors = ["anonymous", "nonMember", "member", "admin", "owner", "otherAdmin"] as const;
export type OrgActor = (typeof orgActors)[number];

/** What one case works on. */
export type OrgFixture = {
  orgId: string;
  orgName: string;
  orgSlug: string;
  /** Member ids (rows of `member`) of A's member and admin. */
  memberId: string;
  adminMemberId: string;
  ownerMemberId: string;
  /** The owner's collection, shared with A for reading. */
  collectionId: string;
  /** A memory in that collection; its title is unique to the fixture. */
  sharedMemoryId: string;
  sharedTitle: string;
  /** The member's private memory (never in a collection); its title is unique. */
  privateMemoryId: string;
  privateTitle: string;
  /** Each actor's own memory (anonymous: the owner's). */
  ownMemory: Record<OrgActor, string>;
  /** A pending invitation of A to an address none of the actors has. */
  invitationId: string;
  /** A's white-label name (the owner is on ltd_tier_5). */
  labelName: string;
  /** A's SSO domain (verified). */
  ssoDomain: string;
};

export type OrgCase = {
  name: string;
  method: "GET" | "POST";
  route: string;
  url: (f: OrgFixture) => string;
  body?: (f: OrgFixture, actor: OrgActor) => unknown;
  expect: Record<OrgActor, number>;
  /** Each actor gets a fresh fixture; a refused call must change nothing. */
  mutates?: boolean;
  /** Text that must appear exactly for `sees` actors and never for the others (when 200). */
  shows?: { text: (f: OrgFixture) => string; sees: readonly OrgActor[] };
};

const adminOnly: Record<OrgActor, number> = {
  anonymous: 401,
  nonMember: 404,
  member: 403,
  admin: 200,
  owner: 200,
  otherAdmin: 404,
};
const signedIn: Record<OrgActor, number> = {
  anonymous: 401,
  nonMember: 200,
  member: 200,
  admin: 200,
  owner: 200,
  otherAdmin: 200,
};
const inOrg = ["member", "admin", "owner"] as const;
const orgAdmins = ["admin", "owner"] as const;
const q = (f: OrgFixture) => `organization_id=${encodeURIComponent(f.orgId)}`;

export const orgRouteCases: OrgCase[] = [
  {
    name: "list my organisations",
    method: "GET",
    route: "/api/org/get_user_organizations",
    url: () => "/api/org/get_user_organizations",
    expect: signedIn,
    shows: { text: (f) => f.orgName, sees: inOrg },
  },
  {
    name: "create an organisation",
    method: "POST",
    route: "/api/org/create",
    url: () => "/api/org/create",
    body: (f, a) => ({ name: `Org of ${a} ${f.orgSlug}` }),
    expect: { ...signedIn, nonMember: 201, member: 201, admin: 201, owner: 201, otherAdmin: 201 },
    mutates: true,
  },
  {
    name: "invite a member",
    method: "POST",
    route: "/api/org/invite_member",
    url: () => "/api/org/invite_member",
    body: (f, a) => ({ organization_id: f.orgId, email: `invitee-${a}-${f.orgSlug}@example.com` }),
    expect: { ...adminOnly, admin: 201, owner: 201 },
    mutates: true,
  },
  {
    name: "read an invitation sent to someone else",
    method: "GET",
    route: "/api/org/get_invitation",
    url: (f) => `/api/org/get_invitation?invitation_id=${f.invitationId}`,
    expect: { anonymous: 401, nonMember: 403, member: 403, admin: 403, owner: 403, otherAdmin: 403 },
    shows: { text: (f) => f.orgName, sees: [] },
  },
  {
    name: "accept an invitation sent to someone else",
    method: "POST",
    route: "/api/org/accept_invitation",
    url: () => "/api/org/accept_invitation",
    body: (f) => ({ invitation_id: f.invitationId }),
    expect: { anonymous: 401, nonMember: 403, member: 403, admin: 403, owner: 403, otherAdmin: 403 },
    mutates: true,
  },
  {
    name: "change a member's role",
    method: "POST",
    route: "/api/org/update_member_role",
    url: () => "/api/org/update_member_role",
    body: (f) => ({ organization_id: f.orgId, member_id: f.memberId, role: "admin" }),
    expect: adminOnly,
    mutates: true,
  },
  {
    name: "change the owner's role",
    method: "POST",
    route: "/api/org/update_member_role",
    url: () => "/api/org/update_member_role",
    body: (f) => ({ organization_id: f.orgId, member_id: f.ownerMemberId, role: "member" }),
    expect: { ...adminOnly, admin: 403, owner: 403 },
    mutates: true,
  },
  {
    name: "remove a member",
    method: "POST",
    route: "/api/org/remove_member",
    url: () => "/api/org/remove_member",
    body: (f) => ({ organization_id: f.orgId, member_id: f.memberId }),
    expect: adminOnly,
    mutates: true,
  },
  {
    name: "remove an admin (owner only)",
    method: "POST",
    route: "/api/org/remove_member",
    url: () => "/api/org/remove_member",
    body: (f) => ({ organization_id: f.orgId, member_id: f.adminMemberId }),
    expect: { ...adminOnly, admin: 403 },
    mutates: true,
  },
  {
    name: "leave the organisation",
    method: "POST",
    route: "/api/org/leave",
    url: () => "/api/org/leave",
    body: (f) => ({ organization_id: f.orgId }),
    expect: { ...adminOnly, member: 200, owner: 403 },
    mutates: true,
  },
  {
    name: "is the user an admin",
    method: "GET",
    route: "/api/org/is_user_admin",
    url: (f) => `/api/org/is_user_admin?${q(f)}`,
    expect: signedIn,
    shows: { text: () => `"is_admin":true`, sees: orgAdmins },
  },
  {
    name: "list the members",
    method: "GET",
    route: "/api/org/get_org_members",
    url: (f) => `/api/org/get_org_members?${q(f)}`,
    expect: adminOnly,
    shows: { text: (f) => f.memberId, sees: orgAdmins },
  },
  {
    name: "organisation stats (totals only)",
    method: "GET",
    route: "/api/org/get_organization_stats",
    url: (f) => `/api/org/get_organization_stats?${q(f)}`,
    expect: adminOnly,
    // Totals: no member's memory is ever named in them.
    shows: { text: (f) => f.privateTitle, sees: [] },
  },
  {
    name: "set an app's keys",
    method: "POST",
    route: "/api/org/update_organization_keys",
    url: (f) =>
      `/api/org/update_organization_keys?${q(f)}&app_name=github&client_id=cid&client_secret=s3cret-value&redirect_url=${encodeURIComponent("https://mnemo.example/cb")}`,
    expect: adminOnly,
    mutates: true,
    shows: { text: () => "s3cret-value", sees: [] },
  },
  {
    name: "read the app keys",
    method: "GET",
    route: "/api/org/get_organization_keys",
    url: (f) => `/api/org/get_organization_keys?${q(f)}`,
    expect: adminOnly,
    shows: { text: () => "fixture-client-id", sees: orgAdmins },
  },
  {
    name: "list workspace users (team plan)",
    method: "GET",
    route: "/api/org/get_workspace_users",
    url: (f) => `/api/org/get_workspace_users?${q(f)}`,
    expect: adminOnly,
    shows: { text: (f) => f.orgId, sees: orgAdmins },
  },
  {
    name: "share a collection with the organisation",
    method: "POST",
    route: "/api/org/share_collection",
    url: () => "/api/org/share_collection",
    body: (f) => ({ organization_id: f.orgId, collection_id: f.collectionId, access_type: "write" }),
    // Members and admins read the collection through the share, which gives no share right.
    expect: { ...adminOnly, admin: 403 },
    mutates: true,
  },
  {
    name: "stop sharing a collection with the organisation",
    method: "POST",
    route: "/api/org/unshare_collection",
    url: () => "/api/org/unshare_collection",
    body: (f) => ({ organization_id: f.orgId, collection_id: f.collectionId }),
    expect: { ...adminOnly, admin: 403 },
    mutates: true,
  },
  {
    name: "read the SSO settings",
    method: "GET",
    route: "/api/org/sso",
    url: (f) => `/api/org/sso?${q(f)}`,
    expect: adminOnly,
    shows: { text: (f) => f.ssoDomain, sees: orgAdmins },
  },
  {
    name: "set the SSO provider",
    method: "POST",
    route: "/api/org/sso",
    url: () => "/api/org/sso",
    body: (f) => ({
      organization_id: f.orgId,
      issuer: "https://idp.example/",
      client_id: "changed",
      client_secret: "changed-secret",
      domain: f.ssoDomain,
    }),
    expect: adminOnly,
    mutates: true,
    shows: { text: () => "changed-secret", sees: [] },
  },
  {
    name: "verify the SSO domain",
    method: "POST",
    route: "/api/org/sso/verify_domain",
    url: () => "/api/org/sso/verify_domain",
    body: (f) => ({ organization_id: f.orgId }),
    expect: adminOnly,
  },
  {
    name: "the organisation's app URL",
    method: "GET",
    route: "/api/user/get_organization_app_url",
    url: () => "/api/user/get_organization_app_url",
    expect: signedIn,
    shows: { text: (f) => f.orgSlug, sees: inOrg },
  },
  {
    name: "read the white-label icon",
    method: "GET",
    route: "/api/label/get_self_labelled_app_icon",
    url: () => "/api/label/get_self_labelled_app_icon",
    expect: signedIn,
    shows: { text: (f) => f.labelName, sees: inOrg },
  },
  {
    name: "set the white-label icon (the address is refused by the SSRF guard)",
    method: "POST",
    route: "/api/label/update_self_labelled_app_icon",
    url: () => "/api/label/update_self_labelled_app_icon",
    body: (f) => ({
      organization_id: f.orgId,
      image_url: "https://169.254.169.254/icon.png",
      app_name: "Renamed",
    }),
    expect: { ...adminOnly, admin: 400, owner: 400 },
    mutates: true,
  },
  {
    name: "the active organisation and the collections it shares",
    method: "GET",
    route: "/api/org/get_active_organization",
    url: () => "/api/org/get_active_organization",
    expect: signedIn,
    shows: { text: (f) => f.orgName, sees: inOrg },
  },
  // Last: choosing changes what the defaults above (label, app URL) follow for the session.
  {
    name: "choose the active organisation",
    method: "POST",
    route: "/api/org/set_active_organization",
    url: () => "/api/org/set_active_organization",
    body: (f) => ({ organization_id: f.orgId }),
    expect: { ...adminOnly, member: 200 },
    mutates: true,
  },
];

/** Organisation-scoped reads of other modules. */
export const orgScopedCases: OrgCase[] = [
  {
    name: "read a collection shared with the organisation",
    method: "GET",
    route: "/api/collection/:id",
    url: (f) => `/api/collection/${f.collectionId}`,
    expect: { ...adminOnly, member: 200 },
    shows: { text: (f) => f.sharedTitle, sees: inOrg },
  },
  {
    name: "page the memories of a collection shared with the organisation",
    method: "GET",
    route: "/api/collection/:id/sources",
    url: (f) => `/api/collection/${f.collectionId}/sources`,
    expect: { ...adminOnly, member: 200 },
    shows: { text: (f) => f.sharedTitle, sees: inOrg },
  },
  {
    name: "add to a collection shared read-only with the organisation",
    method: "POST",
    route: "/api/collection/add_sources",
    url: (f) => `/api/collection/add_sources?collection_id=${f.collectionId}`,
    body: (f, a) => ({ documents: [f.ownMemory[a]] }),
    expect: { ...adminOnly, member: 403, admin: 403 },
    mutates: true,
  },
  {
    name: "an org admin opens a member's private memory",
    method: "GET",
    route: "/api/sources/:id",
    url: (f) => `/api/sources/${f.privateMemoryId}`,
    expect: { ...adminOnly, member: 200, admin: 404, owner: 404 },
    shows: { text: (f) => f.privateTitle, sees: ["member"] },
  },
  {
    name: "an org admin searches for a member's private memory",
    method: "POST",
    route: "/api/sources/search",
    url: () => "/api/sources/search",
    body: (f) => ({ search_query: f.privateTitle }),
    expect: signedIn,
    shows: { text: (f) => f.privateTitle, sees: ["member"] },
  },
];
