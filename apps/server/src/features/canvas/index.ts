/** The canvas feature's public face: a canvas's description from its words, and its uploads. */
export { descriptionFromText } from "./describe.ts";
export { confirmCanvasUpload, presignCanvasUpload } from "./service.ts";
