import { endpoints, type UserMetadata } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** PATCH /api/user/metadata: merges the given flags into the user's metadata. */
export function updateMetadata(patch: UserMetadata): Promise<UserMetadata> {
  return api.request(endpoints.users.updateMetadata, { body: patch });
}
