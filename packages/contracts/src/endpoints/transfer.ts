import { zExportQuery, zImportRunResponse, zImportRunsResponse, zStartImportQuery } from "../transfer.ts";
import { endpoint } from "./endpoint.ts";

const tag = "transfer";

/** Import (a background run per file) and export (one streamed zip). Issue 23; paths are ours. */
export const transfer = {
  export: endpoint({
    method: "get",
    path: "/export",
    summary:
      "Everything the user owns (or one readable collection) as a zip, streamed (docs/export-format.md)",
    tag,
    query: zExportQuery,
    contentType: "application/zip",
    responseDescription: "A zip archive in Mnemo's export layout",
  }),
  startImport: endpoint({
    method: "post",
    path: "/import",
    summary:
      "Import a file (the request body, any content type): a background run, or a dry-run preview with dry_run=true",
    tag,
    query: zStartImportQuery,
    rawBody: true,
    response: zImportRunResponse,
  }),
  listImports: endpoint({
    method: "get",
    path: "/import",
    summary: "The user's recent imports",
    tag,
    response: zImportRunsResponse,
  }),
  getImport: endpoint({
    method: "get",
    path: "/import/:id",
    summary: "One import's progress, preview, counts and errors per item",
    tag,
    response: zImportRunResponse,
  }),
  confirmImport: endpoint({
    method: "post",
    path: "/import/:id/start",
    summary: "Start the import a dry run previewed",
    tag,
    response: zImportRunResponse,
  }),
};
