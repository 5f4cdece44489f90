import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** PUT /api/sources/rename (the server keeps a file's extension). */
export function renameSource(sourceId: string, newTitle: string): Promise<unknown> {
  return api.request(endpoints.sources.rename, { body: { source_id: sourceId, new_title: newTitle } });
}

/** PUT /api/sources/note. */
export function updateNote(sourceId: string, note: string): Promise<unknown> {
  return api.request(endpoints.sources.updateNote, { body: { source_id: sourceId, note } });
}

/** PUT /api/sources/description. */
export function updateDescription(sourceId: string, description: string): Promise<unknown> {
  return api.request(endpoints.sources.updateDescription, { body: { source_id: sourceId, description } });
}
