import { zCanvas, zCanvasDescriptionInput, zCanvasDescriptionResponse } from "../canvas.ts";
import { endpoint } from "./endpoint.ts";

/**
 * Spec 3 §7 load canvas and description for canvas. Saving goes through the upload calls
 * (`canvas_data_type`, then confirm with `file_type` canvas).
 */
export const canvas = {
  get: endpoint({
    method: "get",
    path: "/canvas/:id",
    summary: "A canvas: its fields and a signed URL of its current document",
    tag: "canvas",
    response: zCanvas,
  }),
  describe: endpoint({
    method: "post",
    path: "/canvas/description",
    summary: "Describe a canvas (language model when configured, else its text elements)",
    tag: "canvas",
    body: zCanvasDescriptionInput,
    response: zCanvasDescriptionResponse,
  }),
};
