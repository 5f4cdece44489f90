import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/canvas/description: describes the canvas on leaving the editor (spec 3 §4). */
export function describeCanvas(fileId: string) {
  return api.request(endpoints.canvas.describe, { body: { file_id: fileId } });
}
