import { zUserMetadata, type UserMetadata } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** PATCH /api/user/metadata: merges the given flags into the user's metadata. */
export function updateMetadata(patch: UserMetadata): Promise<UserMetadata> {
  return api.request("/api/user/metadata", { method: "PATCH", body: patch, schema: zUserMetadata });
}
