import {
  zAddSourcesResponse,
  zCollection,
  zCollectionList,
  zCustomInstructionsResponse,
  zDeleteCollectionsResponse,
  zMembersResponse,
  zShareResponse,
  zClaimInvitationResponse,
  zRemoveSourcesResponse,
  zSourceList,
  zUpsertCollectionResponse,
  type AccessType,
  type AddSourcesResponse,
  type Collection,
  type SourceList,
} from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/collection: collections the user owns or that are shared with their e-mail. */
export async function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  const r = await api.request("/api/collection", { schema: zCollectionList, signal });
  return r.collections;
}

/** GET /api/collection/{id}. */
export function getCollection(id: string, signal?: AbortSignal): Promise<Collection> {
  return api.request(`/api/collection/${encodeURIComponent(id)}`, { schema: zCollection, signal });
}

/** PUT /api/collection: creates (no collection_id) or updates name/description/instructions. */
export function upsertCollection(input: {
  collection_id?: string;
  name?: string;
  description?: string;
  custom_instructions?: string;
}) {
  const body = { ...input, collection_name: input.name, name: undefined };
  return api.request("/api/collection", { method: "PUT", body, schema: zUpsertCollectionResponse });
}

/** DELETE /api/collection/delete with the list of ids; the memories stay in the wall. */
export function deleteCollections(ids: string[]) {
  return api.request("/api/collection/delete", {
    method: "DELETE",
    body: ids,
    schema: zDeleteCollectionsResponse,
  });
}

/** POST /api/collection/add_sources?collection_id= with one batch of memory ids. */
export function addSourcesBatch(collectionId: string, documents: string[]): Promise<AddSourcesResponse> {
  const q = new URLSearchParams({ collection_id: collectionId });
  return api.request(`/api/collection/add_sources?${q.toString()}`, {
    method: "POST",
    body: { documents },
    schema: zAddSourcesResponse,
  });
}

/** POST /api/collection/remove_sources?collection_id=; the memories stay in the wall. */
export function removeSources(collectionId: string, documents: string[]) {
  const q = new URLSearchParams({ collection_id: collectionId });
  return api.request(`/api/collection/remove_sources?${q.toString()}`, {
    method: "POST",
    body: { documents },
    schema: zRemoveSourcesResponse,
  });
}

/** PUT /api/collection/{id}/add_custom_instructions?custom_instructions= (empty clears). */
export function setCustomInstructions(id: string, customInstructions: string) {
  const q = new URLSearchParams({ custom_instructions: customInstructions });
  return api.request(`/api/collection/${encodeURIComponent(id)}/add_custom_instructions?${q.toString()}`, {
    method: "PUT",
    body: { custom_instructions: customInstructions },
    schema: zCustomInstructionsResponse,
  });
}

/** POST /api/collection/{id}/share: the members, and an invitation link per address not yet bound. */
export function shareCollection(id: string, emails: string[], access: AccessType) {
  return api.request(`/api/collection/${encodeURIComponent(id)}/share`, {
    method: "POST",
    body: { collection_id: id, recipient_email_ids: emails, type_of_access: access },
    schema: zShareResponse,
  });
}

/** POST /api/collection/invitation/claim: the invitation link's grant becomes the signed-in account's. */
export function claimInvitation(token: string) {
  return api.request("/api/collection/invitation/claim", {
    method: "POST",
    body: { token },
    schema: zClaimInvitationResponse,
  });
}

/** DELETE /api/collection/{id}/revoke_access. */
export function revokeAccess(id: string, email: string, access?: AccessType) {
  return api.request(`/api/collection/${encodeURIComponent(id)}/revoke_access`, {
    method: "DELETE",
    body: { collection_id: id, recipient_email_id: email, type_of_access: access },
    schema: zMembersResponse,
  });
}

/** GET /api/sources?collection_id=: one page of the collection's memories, as wall cards. */
export function listCollectionSources(
  collectionId: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<SourceList> {
  const q = new URLSearchParams({
    collection_id: collectionId,
    page: String(page),
    page_size: String(pageSize),
    sort: "recent",
  });
  return api.request(`/api/sources?${q.toString()}`, { schema: zSourceList, signal });
}

/** GET /api/sources (everything): one page of the user's memories, for the existing-memories picker. */
export function listAllSources(page: number, pageSize: number, signal?: AbortSignal): Promise<SourceList> {
  const q = new URLSearchParams({
    tab: "everything",
    page: String(page),
    page_size: String(pageSize),
    sort: "recent",
  });
  return api.request(`/api/sources?${q.toString()}`, { schema: zSourceList, signal });
}
