import { endpoints } from "@mnemo/contracts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";

/** What reviewRoutes uses of the application context (bootstrap.ts builds it once). */
export type ReviewRouteDeps = RequireAuthDeps & service.ReviewDeps;

/** Review cards (issue 45): make, review under FSRS, edit, suspend, delete, export for Anki. */
export function reviewRoutes(ctx: ReviewRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const e = endpoints.review;

  defineRoute(r, e.make, auth, async (c, { body }) =>
    c.json(await service.makeReviewCards(ctx, c.var.actor, body)),
  );
  defineRoute(r, e.due, auth, async (c, { query }) =>
    c.json(await service.dueReview(ctx, c.var.actor, query.limit)),
  );
  defineRoute(r, e.list, auth, async (c, { query }) =>
    c.json({ cards: await service.listReviewCards(ctx, c.var.actor, query) }),
  );
  defineRoute(r, e.grade, auth, async (c, { body }) =>
    c.json(await service.gradeReview(ctx, c.var.actor, body)),
  );
  defineRoute(r, e.update, auth, async (c, { body }) =>
    c.json(await service.updateReviewCard(ctx, c.var.actor, c.req.param("id") ?? "", body)),
  );
  defineRoute(r, e.remove, auth, async (c) => {
    await service.deleteReviewCard(ctx, c.var.actor, c.req.param("id") ?? "");
    return c.json({ success: true as const });
  });
  defineRoute(r, e.exportCsv, auth, async (c) => {
    const csv = await service.exportAnkiCsv(ctx, c.var.actor);
    const stamp = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="mnemo-review-cards-${stamp}.csv"`,
    });
  });
  return r;
}
