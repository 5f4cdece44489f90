import { z } from "zod";
import {
  zSelfLabel,
  zSsoExchange,
  zSsoExchangeInput,
  zSsoSettings,
  zSsoSettingsInput,
  zOrgIdQuery,
  zUpdateSelfLabelInput,
} from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import * as label from "./label.ts";
import * as sso from "./sso.ts";

/** What labelAndSsoRoutes uses of the application context. */
export type LabelSsoRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "blobs" | "config" | "log" | "secrets" | "publicUrl">;

/** White-label (spec 3 §6, §7 /label/*) and per-organisation OpenID Connect sign-in (issue 20). */
export function labelAndSsoRoutes(ctx: LabelSsoRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  const labelDeps = () => ({ db, blobs: ctx.blobs, fetch: linkFetchOptions(ctx.config), log: ctx.log });
  const trustedDomains = sso.parseTrustedDomains(ctx.config.SSO_TRUSTED_DOMAINS);
  const ssoDeps = (): sso.SsoDeps => ({
    db,
    auth: ctx.auth,
    secrets: ctx.secrets,
    publicUrl: ctx.publicUrl,
    fetch: linkFetchOptions(ctx.config),
    log: ctx.log,
    trustedDomains,
  });

  defineRoute(
    r,
    {
      method: "get",
      path: "/label/get_self_labelled_app_icon",
      summary: "The white-label app name and icon of the user's organisation (nulls without one)",
      tag: "label",
      response: zSelfLabel,
    },
    auth,
    async (c) => c.json(await label.getLabel(labelDeps(), c.var.actor)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/label/update_self_labelled_app_icon",
      summary:
        "Set the white-label name and icon (admins of an ltd_tier_5 organisation); the image is fetched safely and checked",
      tag: "label",
      body: zUpdateSelfLabelInput,
      response: zSelfLabel,
    },
    auth,
    async (c, { body }) => c.json(await label.updateLabel(labelDeps(), c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/org/sso",
      summary: "The organisation's single sign-on settings (admins; never the client secret)",
      tag: "sso",
      query: zOrgIdQuery,
      response: zSsoSettings,
    },
    auth,
    async (c, { query }) => c.json(await sso.getSso(ssoDeps(), c.var.actor, query.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/sso",
      summary: "Set the organisation's OpenID provider and e-mail domain (admins)",
      tag: "sso",
      body: zSsoSettingsInput,
      response: zSsoSettings,
    },
    auth,
    async (c, { body }) => c.json(await sso.updateSso(ssoDeps(), c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/sso/verify_domain",
      summary: "Check the domain's TXT record _mnemo-sso.<domain> (admins)",
      tag: "sso",
      body: zOrgIdQuery,
      response: zSsoSettings,
    },
    auth,
    async (c, { body }) => c.json(await sso.verifyDomain(ssoDeps(), c.var.actor, body.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/sso/start",
      summary:
        "Start single sign-on for an e-mail of a verified organisation domain (redirects to the provider)",
      tag: "sso",
      auth: false,
      query: z.object({ email: z.email().max(320) }),
      contentType: "text/html",
      responseDescription: "A redirect to the OpenID provider",
    },
    [],
    async (c, { query }) => c.redirect(await sso.startLogin(ssoDeps(), query.email.toLowerCase()), 302),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/sso/callback",
      summary:
        "The OpenID provider's redirect: signs in (creating the member just in time) and opens the app",
      tag: "sso",
      auth: false,
      contentType: "text/html",
      responseDescription: "A redirect to the app: /sso?code=… or /sso?error=1",
    },
    [],
    async (c) => {
      try {
        const code = await sso.finishLogin(ssoDeps(), new URL(c.req.url));
        return c.redirect(`/sso?code=${encodeURIComponent(code)}`, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return c.redirect("/sso?error=1", 302);
      }
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/sso/exchange",
      summary: "Exchange the one-time sign-in code for a bearer token",
      tag: "sso",
      auth: false,
      body: zSsoExchangeInput,
      response: zSsoExchange,
    },
    [],
    async (c, { body }) => c.json(await sso.exchangeCode(ssoDeps(), body.code)),
  );
  return r;
}
