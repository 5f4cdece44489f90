import { endpoints, type Me } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/user/me: the signed-in user's profile, plan and metadata. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.request(endpoints.users.getMe, { signal });
}
