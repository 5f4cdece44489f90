import { api } from "@/lib/api";

/** PUT /api/sources/rename (the server keeps a file's extension). */
export function renameSource(sourceId: string, newTitle: string): Promise<unknown> {
  return api.request("/api/sources/rename", {
    method: "PUT",
    body: { source_id: sourceId, new_title: newTitle },
  });
}

/** PUT /api/sources/note. */
export function updateNote(sourceId: string, note: string): Promise<unknown> {
  return api.request("/api/sources/note", { method: "PUT", body: { source_id: sourceId, note } });
}

/** PUT /api/sources/description. */
export function updateDescription(sourceId: string, description: string): Promise<unknown> {
  return api.request("/api/sources/description", {
    method: "PUT",
    body: { source_id: sourceId, description },
  });
}
