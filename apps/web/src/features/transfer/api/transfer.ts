import { endpoints, zImportRunResponse, type ImportFormat, type ImportRun } from "@mnemo/contracts";
import { api } from "@/lib/api";
import { apiErrorFromBody } from "@/lib/api-error";
import { authToken } from "@/lib/auth-token";

const transfer = endpoints.transfer;

async function failure(res: Response) {
  const body: unknown = await res.json().catch(() => null);
  return apiErrorFromBody(res.status, body);
}

/** POST /api/import: the file is the body (streamed to the server, not JSON). */
export async function startImport(
  file: File,
  opts: { format: ImportFormat | "auto"; dryRun: boolean },
): Promise<ImportRun> {
  const res = await api.send(
    transfer.startImport,
    {
      query: { file_name: file.name, format: opts.format, dry_run: opts.dryRun ? "true" : "false" },
      raw: file,
    },
    {
      headers: {
        authorization: `Bearer ${authToken.get() ?? ""}`,
        "content-type": "application/octet-stream",
      },
    },
  );
  if (!res.ok) throw await failure(res);
  return zImportRunResponse.parse(await res.json()).run;
}

/** GET /api/import/{id}: progress, preview and errors of one run. */
export async function getImportRun(id: string, signal?: AbortSignal): Promise<ImportRun> {
  return (await api.request(transfer.getImport, { params: { id }, signal })).run;
}

/** GET /api/import: the user's recent runs, newest first. */
export async function listImports(signal?: AbortSignal): Promise<ImportRun[]> {
  return (await api.request(transfer.listImports, { signal })).runs;
}

/** POST /api/import/{id}/start: import what a dry run previewed. */
export async function confirmImport(id: string): Promise<ImportRun> {
  return (await api.request(transfer.confirmImport, { params: { id } })).run;
}

/**
 * GET /api/export: downloads the zip the server streams (everything, or one collection) and hands
 * it to the browser as a file.
 */
export async function downloadExport(collectionId?: string): Promise<void> {
  const res = await api.send(
    transfer.export,
    { query: { collection_id: collectionId || undefined } },
    { headers: { authorization: `Bearer ${authToken.get() ?? ""}` } },
  );
  if (!res.ok) throw await failure(res);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "mnemo-export.zip";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
