import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";
import { apiErrorFromBody } from "@/lib/api-error";
import { authToken } from "@/lib/auth-token";

const brief = endpoints.brief;

/** GET /api/collection/{id}/brief ("everything": all the user may read). */
export function getBrief(id: string, signal?: AbortSignal) {
  return api.request(brief.get, { params: { id }, signal });
}

/** GET /api/collection/{id}/passages: every passage matching the query, grouped by memory. */
export function findPassages(id: string, q: string, signal?: AbortSignal) {
  return api.request(brief.passages, { params: { id }, query: { q }, signal });
}

/** GET /api/collection/{id}/passages/export: the passages as Markdown, handed to the browser as a file. */
export async function downloadPassagesMarkdown(id: string, q: string): Promise<void> {
  const res = await api.send(
    brief.exportPassages,
    { params: { id }, query: { q } },
    { headers: { authorization: `Bearer ${authToken.get() ?? ""}` } },
  );
  if (!res.ok) throw apiErrorFromBody(res.status, await res.json().catch(() => null));
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "mnemo-passages.md";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
