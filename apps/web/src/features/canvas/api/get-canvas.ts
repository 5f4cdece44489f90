import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/canvas/:id: the canvas's fields and a signed URL of its current document. */
export function getCanvas(id: string, signal?: AbortSignal) {
  return api.request(endpoints.canvas.get, { params: { id }, signal });
}

/** The stored document behind `document_url` (a signed blob URL: no bearer token). */
export async function fetchCanvasDocument(url: string, signal?: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`The canvas document answered ${res.status}.`);
  return res.text();
}
