import { zMindmap } from "@mnemo/contracts/mindmap";
import { api } from "@/lib/api";

/** GET /api/mindmap: the viewer's memories and collections as a graph. */
export function getMindmap(signal?: AbortSignal) {
  return api.request("/api/mindmap", { schema: zMindmap, signal });
}
