import { endpoints, type SiteSupport } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/site/support: whom to ask for help on this server, and where its docs are. */
export async function getSiteSupport(signal?: AbortSignal): Promise<SiteSupport> {
  return api.request(endpoints.plans.siteSupport, { signal });
}
