import { endpoints, orgMessages } from "@mnemo/contracts";
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

  defineRoute(r, endpoints.label.get, auth, async (c) =>
    c.json(await label.getLabel(labelDeps(), c.var.actor)),
  );
  defineRoute(r, endpoints.label.update, auth, async (c, { body }) =>
    c.json(await label.updateLabel(labelDeps(), c.var.actor, body)),
  );

  defineRoute(r, endpoints.sso.get, auth, async (c, { query }) =>
    c.json(await sso.getSso(ssoDeps(), c.var.actor, query.organization_id)),
  );
  defineRoute(r, endpoints.sso.update, auth, async (c, { body }) =>
    c.json(await sso.updateSso(ssoDeps(), c.var.actor, body)),
  );
  defineRoute(r, endpoints.sso.verifyDomain, auth, async (c, { body }) =>
    c.json(await sso.verifyDomain(ssoDeps(), c.var.actor, body.organization_id)),
  );
  defineRoute(r, endpoints.sso.start, [], async (c, { query }) =>
    c.redirect(await sso.startLogin(ssoDeps(), query.email.toLowerCase()), 302),
  );
  defineRoute(r, endpoints.sso.callback, [], async (c) => {
    try {
      const code = await sso.finishLogin(ssoDeps(), new URL(c.req.url));
      return c.redirect(`/sso?code=${encodeURIComponent(code)}`, 302);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // The web page shows the refusal of an existing non-member account in words (issue 46).
      const kind = err.message === orgMessages.ssoExistingAccount ? "existing_account" : "1";
      return c.redirect(`/sso?error=${kind}`, 302);
    }
  });
  defineRoute(r, endpoints.sso.exchange, [], async (c, { body }) =>
    c.json(await sso.exchangeCode(ssoDeps(), body.code)),
  );
  return r;
}
