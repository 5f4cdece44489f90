import { zCanvasDescriptionResponse } from "@mnemo/contracts/canvas";
import { api } from "@/lib/api";

/** POST /api/canvas/description: describes the canvas on leaving the editor (spec 3 §4). */
export function describeCanvas(fileId: string) {
  return api.request("/api/canvas/description", {
    method: "POST",
    body: { file_id: fileId },
    schema: zCanvasDescriptionResponse,
  });
}
