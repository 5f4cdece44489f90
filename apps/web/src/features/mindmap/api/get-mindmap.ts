import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/mindmap: the viewer's memories and collections as a graph. */
export function getMindmap(signal?: AbortSignal) {
  return api.request(endpoints.mindmap.get, { signal });
}
