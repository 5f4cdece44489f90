import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** PUT /api/user/profile: sets the full name. */
export async function updateProfile(input: { full_name: string }): Promise<void> {
  await api.request(endpoints.users.updateProfile, { body: input });
}
