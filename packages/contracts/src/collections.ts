import { z } from "zod";
import { collectionMessages } from "./messages.ts";

/**
 * Collections and sharing (spec 2 §3 Collection/Sharing, §5 Collections, §7 Collections).
 * Field names are the spec's (snake_case). Every call's input and answer is one schema here.
 */

/** type_of_access of a grant; the creator is always admin. */
export const accessTypes = ["read", "write", "admin"] as const;
export const zAccessType = z.enum(accessTypes);
export type AccessType = z.infer<typeof zAccessType>;

/** Largest batch `add_sources` / `remove_sources` accepts (clients send 10 at a time). */
export const maxSourcesPerBatch = 100;
/** Largest number of recipients one share call accepts. */
export const maxRecipientsPerShare = 50;

const zId = z.string().trim().min(1).max(100);
const zName = z.string().trim().min(1, collectionMessages.nameRequired).max(200);
const zDescription = z.string().trim().max(2000);
const zInstructions = z.string().trim().max(8000);
const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid e-mail address."))
  .pipe(z.string().max(320));

/** A memory shown inside a collection card (the first few, newest first). */
export const zTopDocument = z.object({ id: z.string(), title: z.string(), type: z.string() });

/** What the viewer may do with a collection, so the UI can hide or disable (e.g. '(View only)'). */
export const zCollectionPolicies = z.object({
  add_sources: z.boolean(),
  remove_sources: z.boolean(),
  edit_pages: z.boolean(),
  update: z.boolean(),
  share: z.boolean(),
  delete: z.boolean(),
});
export type CollectionPolicies = z.infer<typeof zCollectionPolicies>;

/** Spec 2 §3 Collection. The admin list starts with the creator's e-mail. */
export const zCollection = z.object({
  collection_id: z.string(),
  collection_name: z.string(),
  description: z.string(),
  custom_instructions: z.string(),
  document_count: z.number().int(),
  read: z.array(z.string()),
  write: z.array(z.string()),
  admin: z.array(z.string()),
  top_documents: z.array(zTopDocument),
  /** Seconds since the epoch. */
  creation_time: z.number().int(),
  owner_email: z.string(),
  /** The viewer's own role in this collection. */
  access: zAccessType,
  policies: zCollectionPolicies,
});
export type Collection = z.infer<typeof zCollection>;

/** GET /collection */
export const zCollectionList = z.object({ collections: z.array(zCollection) });
export type CollectionList = z.infer<typeof zCollectionList>;

/**
 * PUT /collection. The spec puts description, collection_name and custom_instructions in the
 * query; creation payloads say `name`. Both names and both places (query or JSON body) are
 * accepted. Without `collection_id` it creates; with one it updates the given fields.
 */
export const zUpsertCollectionFields = z.object({
  collection_id: zId.optional(),
  collection_name: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  description: zDescription.optional(),
  custom_instructions: zInstructions.optional(),
});
export type UpsertCollectionFields = z.infer<typeof zUpsertCollectionFields>;

/** The merged, normalised input of PUT /collection. */
export const zUpsertCollectionInput = z.object({
  collection_id: zId.optional(),
  collection_name: z.string().optional(),
  description: zDescription.optional(),
  custom_instructions: zInstructions.optional(),
});
export type UpsertCollectionInput = z.infer<typeof zUpsertCollectionInput>;

/** Name rule of create and rename: trimmed, required ('Name is required.'). */
export const zCollectionName = zName;

export const zUpsertCollectionResponse = z.object({ collection_id: z.string(), created: z.boolean() });

/** DELETE /collection/delete: the body is a list of ids (a bare array or `{ collection_ids }`). */
export const zDeleteCollectionsInput = z.union([
  z.array(zId).min(1).max(100),
  z.object({ collection_ids: z.array(zId).min(1).max(100) }),
]);
export const zDeleteCollectionsResponse = z.object({ deleted: z.array(z.string()) });

/** Query of add_sources / remove_sources. */
export const zCollectionIdQuery = z.object({ collection_id: zId });

/** POST /collection/add_sources and /collection/remove_sources body: memory (source) ids. */
export const zCollectionSourcesInput = z.object({
  documents: z.array(zId).min(1, "Please select at least one memory.").max(maxSourcesPerBatch),
});
export type CollectionSourcesInput = z.infer<typeof zCollectionSourcesInput>;

export const addSourceResults = ["added", "duplicate_source"] as const;

/**
 * Answer of add_sources. `result` is `success` when at least one memory was added, and
 * `duplicate_source` (with the spec's message) when every memory was already there.
 */
export const zAddSourcesResponse = z.object({
  result: z.enum(["success", "duplicate_source"]),
  message: z.string().optional(),
  added: z.array(z.string()),
  duplicates: z.array(z.string()),
  document_count: z.number().int(),
});
export type AddSourcesResponse = z.infer<typeof zAddSourcesResponse>;

export const zRemoveSourcesResponse = z.object({
  removed: z.array(z.string()),
  document_count: z.number().int(),
});

/** PUT /collection/{id}/add_custom_instructions?custom_instructions= (query or body). */
export const zCustomInstructionsInput = z.object({ custom_instructions: zInstructions.optional() });
export const zCustomInstructionsResponse = z.object({
  collection_id: z.string(),
  custom_instructions: z.string(),
});

/** POST /collection/{id}/share */
export const zShareInput = z.object({
  collection_id: zId.optional(),
  recipient_email_ids: z.array(zEmail).min(1).max(maxRecipientsPerShare),
  type_of_access: zAccessType,
});
export type ShareInput = z.infer<typeof zShareInput>;

/** DELETE /collection/{id}/revoke_access. type_of_access is informative: the grant is removed whatever its role. */
export const zRevokeInput = z.object({
  collection_id: zId.optional(),
  recipient_email_id: zEmail,
  type_of_access: zAccessType.optional(),
});
export type RevokeInput = z.infer<typeof zRevokeInput>;

export const zMembersResponse = z.object({
  collection_id: z.string(),
  read: z.array(z.string()),
  write: z.array(z.string()),
  admin: z.array(z.string()),
});

/**
 * A single-use invitation link (issue 12 item 3): a grant to an address reaches an account only
 * through it or through a verified address. `mailed` is false when the server sends no mail
 * (no SMTP): the sharer copies the link to the invitee.
 */
export const zInvitation = z.object({
  email: z.string(),
  invitation_url: z.string(),
  mailed: z.boolean(),
});
export type Invitation = z.infer<typeof zInvitation>;

/** POST /collection/{id}/share: the members, and an invitation for each address not yet bound. */
export const zShareResponse = zMembersResponse.extend({ invitations: z.array(zInvitation) });
export type ShareResponse = z.infer<typeof zShareResponse>;

/** POST /collection/invitation/claim: the token from the invitation link. */
export const zClaimInvitationInput = z.object({ token: z.string().min(1).max(200) });
export const zClaimInvitationResponse = z.object({ collection_id: z.string(), access: zAccessType });
export type ClaimInvitationResponse = z.infer<typeof zClaimInvitationResponse>;

/**
 * POST /collection/invitation/preview (public, issue 41): what the sign-in and sign-up pages say
 * about an invitation link before anyone signs in — the collection's name and the sharer's
 * display name (null when the sharer has none, or left); no ids, no e-mail addresses.
 */
export const zInvitationPreview = z.object({
  collection_name: z.string(),
  inviter_name: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof zInvitationPreview>;

/** GET /collection/{id}/sources paging. */
export const zCollectionSourcesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
});

/** A memory listed on the collection page. */
export const zCollectionMemory = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  type: z.string(),
  status: z.enum(["in_progress", "success", "errored"]),
  /** Seconds since the epoch, when the memory was created. */
  timestamp: z.number().int(),
  /** Owner's e-mail. */
  owner: z.string(),
  added_at: z.number().int(),
});
export type CollectionMemory = z.infer<typeof zCollectionMemory>;

export const zCollectionSourcesPage = z.object({
  results: z.array(zCollectionMemory),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type CollectionSourcesPage = z.infer<typeof zCollectionSourcesPage>;
