import crypto from "node:crypto";
import dns from "node:dns";
import * as oidc from "openid-client";
import { orgMessages, type SsoSettings } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Auth } from "../../core/auth/auth.ts";
import { AppError, notFound } from "../../platform/lib/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { SecretBox } from "../../platform/secrets/secret-box.ts";
import { bareHost, isAllowListed } from "../../platform/links/address-guard.ts";
import { resolveSafeTarget, type SafeFetchOptions } from "../../platform/links/safe-fetch.ts";
import * as repo from "./repo.ts";
import { requireAdmin } from "./service.ts";

/**
 * OpenID Connect single sign-on per organisation (issue 20) with openid-client (certified
 * relying party): authorization code + PKCE + nonce, the ID token checked against the
 * provider's keys. The provider signs in only addresses of the organisation's domain, and only
 * once the domain is proven (DNS TXT) or vouched for by the operator (SSO_TRUSTED_DOMAINS, bound
 * to an organisation the operator chose: see `operatorTrusts`); new people become members just in
 * time, an existing account only if it is already a member (issue 46). Owners keep password
 * sign-in (break-glass).
 */

export type SsoDeps = {
  db: Db;
  auth: Auth;
  secrets: SecretBox;
  publicUrl: string;
  fetch: SafeFetchOptions;
  log: Logger;
  /** domain → organisation id (or reserved slug) the operator vouches for (SSO_TRUSTED_DOMAINS). */
  trustedDomains: ReadonlyMap<string, string>;
  /** DNS TXT lookup (injectable in tests). */
  resolveTxt?: (name: string) => Promise<string[][]>;
};

const LOGIN_TTL_MS = 10 * 60 * 1000;
const EXCHANGE_TTL_MS = 60 * 1000;
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/sso/callback`;

/**
 * Parses SSO_TRUSTED_DOMAINS: `example.com=<organisation id>,corp.example=corp`. Domains are
 * lower-cased; an organisation id is kept as written (ids are case-sensitive).
 */
export function parseTrustedDomains(raw: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (raw ?? "").split(",")) {
    const [domain, org] = part.split("=").map((s) => s.trim());
    if (domain && org) out.set(domain.toLowerCase(), org);
  }
  return out;
}

/** The slugs SSO_TRUSTED_DOMAINS names: only a site administrator may create an organisation with one. */
export function reservedSlugs(trusted: ReadonlyMap<string, string>): Set<string> {
  return new Set([...trusted.values()].map((v) => v.toLowerCase()));
}

/**
 * Whether the operator vouches for `domain` for this organisation: SSO_TRUSTED_DOMAINS names its
 * id, or names its slug and the organisation's owner is a site administrator (a reserved slug only
 * a site administrator can create; an organisation that took the slug before it was reserved, or a
 * slug alone, binds nothing: issue 46).
 */
async function operatorTrusts(
  deps: SsoDeps,
  domain: string,
  org: { organizationId: string; slug: string },
): Promise<boolean> {
  const named = deps.trustedDomains.get(domain);
  if (!named) return false;
  if (named === org.organizationId) return true;
  if (named.toLowerCase() !== org.slug) return false;
  const ownerId = await repo.ownerOf(deps.db, org.organizationId);
  return !!ownerId && (await repo.isSiteAdmin(deps.db, ownerId));
}

/**
 * Every request to a provider is checked like any user-given address: https to public
 * addresses; plain http or a private address only for hosts the operator allow-lists.
 */
function guardedFetch(opts: SafeFetchOptions): oidc.CustomFetch {
  return async (url, init) => {
    const u = new URL(url);
    if (u.protocol === "http:") {
      if (!isAllowListed(opts.allowHosts ?? [], bareHost(u.hostname), u.port || "80"))
        throw new Error("Identity providers are reached over https.");
    } else await resolveSafeTarget(u, opts);
    return fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(10_000) } as RequestInit);
  };
}

async function providerConfig(
  deps: SsoDeps,
  row: { issuer: string; clientId: string; sealedSecret: string },
) {
  const secret = deps.secrets.open(row.sealedSecret).client_secret;
  const issuer = new URL(row.issuer);
  return oidc.discovery(issuer, row.clientId, secret, undefined, {
    [oidc.customFetch]: guardedFetch(deps.fetch),
    ...(issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}

function present(
  deps: SsoDeps,
  organizationId: string,
  row?: Awaited<ReturnType<typeof repo.ssoOf>>,
): SsoSettings {
  return {
    organization_id: organizationId,
    configured: !!row,
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    domain: row?.domain ?? null,
    domain_verified: row?.domainVerified ?? false,
    verification_record: row ? `mnemo-sso=${row.verificationToken}` : null,
    redirect_uri: ssoRedirectUri(deps.publicUrl),
  };
}

export async function getSso(deps: SsoDeps, actor: Actor, organizationId?: string): Promise<SsoSettings> {
  const org = await requireAdmin(deps.db, actor, organizationId);
  return present(deps, org.organizationId, await repo.ssoOf(deps.db, org.organizationId));
}

/** Saves the provider (admins); the domain counts as proven at once only when the operator vouches for it. */
export async function updateSso(
  deps: SsoDeps,
  actor: Actor,
  input: {
    organization_id: string;
    issuer: string;
    client_id: string;
    client_secret: string;
    domain: string;
  },
): Promise<SsoSettings> {
  const org = await requireAdmin(deps.db, actor, input.organization_id);
  // Only a proven claim keeps others off a domain: an unproven one reserves nothing (issue 46).
  const taken = await repo.verifiedSsoByDomain(deps.db, input.domain);
  if (taken && taken.organizationId !== org.organizationId)
    throw new AppError("conflict", orgMessages.ssoDomainTaken);
  const previous = await repo.ssoOf(deps.db, org.organizationId);
  const sameDomain = previous?.domain === input.domain;
  await repo.upsertSso(deps.db, {
    organizationId: org.organizationId,
    issuer: input.issuer,
    clientId: input.client_id,
    sealedSecret: deps.secrets.seal({ client_secret: input.client_secret }),
    domain: input.domain,
    verificationToken: sameDomain ? previous.verificationToken : crypto.randomBytes(16).toString("hex"),
    domainVerified:
      (sameDomain && previous.domainVerified) || (await operatorTrusts(deps, input.domain, org)),
  });
  return present(deps, org.organizationId, await repo.ssoOf(deps.db, org.organizationId));
}

/** Checks the TXT record `_mnemo-sso.<domain>` for the organisation's token. */
export async function verifyDomain(
  deps: SsoDeps,
  actor: Actor,
  organizationId?: string,
): Promise<SsoSettings> {
  const org = await requireAdmin(deps.db, actor, organizationId);
  const row = await repo.ssoOf(deps.db, org.organizationId);
  if (!row) throw notFound(orgMessages.ssoNotConfigured);
  if (!row.domainVerified) {
    const lookup =
      deps.resolveTxt ??
      ((n: string) => new dns.promises.Resolver({ timeout: 3000, tries: 1 }).resolveTxt(n));
    const records = await lookup(`_mnemo-sso.${row.domain}`).catch(() => [] as string[][]);
    if (!records.some((r) => r.join("") === `mnemo-sso=${row.verificationToken}`))
      throw new AppError("validation", orgMessages.ssoDomainUnverified);
    // First to prove it wins: another organisation's proof of the domain made first stands.
    if (!(await repo.markDomainVerified(deps.db, org.organizationId)))
      throw new AppError("conflict", orgMessages.ssoDomainTaken);
  }
  return present(deps, org.organizationId, await repo.ssoOf(deps.db, org.organizationId));
}

const domainOf = (email: string) => email.split("@").pop()?.toLowerCase() ?? "";

/** GET /sso/start?email=: the provider's authorization URL for the e-mail's domain. */
export async function startLogin(deps: SsoDeps, email: string): Promise<string> {
  const row = await repo.verifiedSsoByDomain(deps.db, domainOf(email));
  if (!row) throw notFound(orgMessages.ssoNotConfigured);
  const config = await providerConfig(deps, row);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await repo.insertSsoLogin(deps.db, {
    state,
    organizationId: row.organizationId,
    codeVerifier,
    nonce,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: ssoRedirectUri(deps.publicUrl),
      scope: "openid email profile",
      state,
      nonce,
      login_hint: email,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    })
    .toString();
}

/**
 * GET /sso/callback: exchanges the code, checks the ID token, finds or creates the account of a
 * verified address of the organisation's domain, makes it a member just in time, and hands the
 * web app a one-time code (never the session token in a URL).
 */
export async function finishLogin(deps: SsoDeps, callbackUrl: URL): Promise<string> {
  const state = callbackUrl.searchParams.get("state") ?? "";
  const pending = state ? await repo.takeSsoLogin(deps.db, state) : undefined;
  if (!pending || pending.expiresAt.getTime() < Date.now())
    throw new AppError("validation", orgMessages.ssoFailed);
  const row = await repo.ssoOf(deps.db, pending.organizationId);
  if (!row || !row.domainVerified) throw new AppError("validation", orgMessages.ssoFailed);
  let claims: Record<string, unknown> | undefined;
  try {
    const config = await providerConfig(deps, row);
    const current = new URL(ssoRedirectUri(deps.publicUrl));
    current.search = callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error("no ID token");
    // Providers may keep e-mail and name out of the ID token (OpenID Connect Core 5.4): read
    // them from the UserInfo endpoint, bound to the ID token's subject.
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, "single sign-on: code exchange failed");
    throw new AppError("validation", orgMessages.ssoFailed);
  }
  const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : "";
  if (!email || claims?.email_verified !== true || domainOf(email) !== row.domain)
    throw new AppError("forbidden", orgMessages.ssoFailed);
  const name = typeof claims?.name === "string" && claims.name ? claims.name : email.split("@")[0]!;
  const userId = await accountFor(deps, row.organizationId, email, name);
  if (!userId) throw new AppError("forbidden", orgMessages.ssoExistingAccount);
  if (!(await repo.memberByUser(deps.db, row.organizationId, userId)))
    await repo.insertMember(deps.db, {
      id: crypto.randomUUID(),
      organizationId: row.organizationId,
      userId,
      role: "member",
    });
  const code = crypto.randomBytes(32).toString("base64url");
  await repo.insertSsoLogin(deps.db, {
    state: crypto.randomBytes(24).toString("base64url"),
    organizationId: row.organizationId,
    codeVerifier: "-",
    nonce: "-",
    exchangeHash: sha256(code),
    userId,
    expiresAt: new Date(Date.now() + EXCHANGE_TTL_MS),
  });
  return code;
}

/**
 * The account of a provider-verified address: an existing account that is already a member of
 * the organisation, or one created now (just in time). An existing account that is not a member
 * gives null: the provider's word does not take over an account its owner made (issue 46); they
 * sign in with their password and join by invitation, then single sign-on works for them.
 */
async function accountFor(
  deps: SsoDeps,
  organizationId: string,
  email: string,
  name: string,
): Promise<string | null> {
  const existing = await repo.userByEmail(deps.db, email);
  if (existing) return (await repo.memberByUser(deps.db, organizationId, existing.id)) ? existing.id : null;
  const ctx = await deps.auth.$context;
  const created = await ctx.internalAdapter.createUser(
    { email, name, emailVerified: true },
    { method: "sso-oidc", sso: { providerId: `org:${organizationId}` } },
  );
  return created.id;
}

/** POST /sso/exchange: the one-time code for a session (bearer token). */
export async function exchangeCode(deps: SsoDeps, code: string): Promise<{ token: string }> {
  const row = await repo.takeSsoExchange(deps.db, sha256(code));
  if (!row || !row.userId || row.expiresAt.getTime() < Date.now())
    throw new AppError("unauthorized", orgMessages.ssoFailed, undefined, 401);
  const ctx = await deps.auth.$context;
  const session = await ctx.internalAdapter.createSession(row.userId);
  if (!session) throw new AppError("internal", orgMessages.ssoFailed);
  return { token: session.token };
}

/**
 * Password sign-in is refused for the members of an organisation whose verified SSO domain the
 * address has, except its owner (break-glass: the owner can always get in when the provider is
 * down). Accounts of the domain that are not members keep their password: the organisation does
 * not govern them (issue 46).
 */
export async function passwordSignInRefusal(db: Db, email: string): Promise<string | null> {
  const row = await repo.verifiedSsoByDomain(db, domainOf(email.toLowerCase()));
  if (!row) return null;
  const account = await repo.userByEmail(db, email.toLowerCase());
  if (!account) return null;
  const m = await repo.memberByUser(db, row.organizationId, account.id);
  return m && m.role !== "owner" ? orgMessages.ssoRequired : null;
}
