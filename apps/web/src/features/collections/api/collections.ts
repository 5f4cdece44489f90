import {
  endpoints,
  type AccessType,
  type AddSourcesResponse,
  type Collection,
  type SourceList,
} from "@mnemo/contracts";
import { api } from "@/lib/api";

const collections = endpoints.collections;

/** GET /api/collection: collections the user owns or that are shared with their e-mail. */
export async function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  const r = await api.request(collections.list, { signal });
  return r.collections;
}

/** GET /api/collection/{id}. */
export function getCollection(id: string, signal?: AbortSignal): Promise<Collection> {
  return api.request(collections.get, { params: { id }, signal });
}

/** PUT /api/collection: creates (no collection_id) or updates name/description/instructions. */
export function upsertCollection(input: {
  collection_id?: string;
  name?: string;
  description?: string;
  custom_instructions?: string;
}) {
  const body = { ...input, collection_name: input.name, name: undefined };
  return api.request(collections.upsert, { body });
}

/** DELETE /api/collection/delete with the list of ids; the memories stay in the wall. */
export function deleteCollections(ids: string[]) {
  return api.request(collections.delete, { body: ids });
}

/** POST /api/collection/add_sources?collection_id= with one batch of memory ids. */
export function addSourcesBatch(collectionId: string, documents: string[]): Promise<AddSourcesResponse> {
  return api.request(collections.addSources, { query: { collection_id: collectionId }, body: { documents } });
}

/** POST /api/collection/remove_sources?collection_id=; the memories stay in the wall. */
export function removeSources(collectionId: string, documents: string[]) {
  return api.request(collections.removeSources, {
    query: { collection_id: collectionId },
    body: { documents },
  });
}

/** PUT /api/collection/{id}/add_custom_instructions?custom_instructions= (empty clears). */
export function setCustomInstructions(id: string, customInstructions: string) {
  return api.request(collections.setCustomInstructions, {
    params: { id },
    query: { custom_instructions: customInstructions },
    body: { custom_instructions: customInstructions },
  });
}

/** POST /api/collection/{id}/share: the members, and an invitation link per address not yet bound. */
export function shareCollection(id: string, emails: string[], access: AccessType) {
  return api.request(collections.share, {
    params: { id },
    body: { collection_id: id, recipient_email_ids: emails, type_of_access: access },
  });
}

/** POST /api/collection/invitation/claim: the invitation link's grant becomes the signed-in account's. */
export function claimInvitation(token: string) {
  return api.request(collections.claimInvitation, { body: { token } });
}

/** DELETE /api/collection/{id}/revoke_access. */
export function revokeAccess(id: string, email: string, access?: AccessType) {
  return api.request(collections.revokeAccess, {
    params: { id },
    body: { collection_id: id, recipient_email_id: email, type_of_access: access },
  });
}

/** GET /api/sources?collection_id=: one page of the collection's memories, as wall cards. */
export function listCollectionSources(
  collectionId: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<SourceList> {
  return api.request(endpoints.sources.list, {
    query: { collection_id: collectionId, page, page_size: pageSize, sort: "recent" },
    signal,
  });
}

/** GET /api/sources (everything): one page of the user's memories, for the existing-memories picker. */
export function listAllSources(page: number, pageSize: number, signal?: AbortSignal): Promise<SourceList> {
  return api.request(endpoints.sources.list, {
    query: { tab: "everything", page, page_size: pageSize, sort: "recent" },
    signal,
  });
}
