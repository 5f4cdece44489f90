import { endpoint } from "./endpoint.ts";

/**
 * Embedded-mode upload and download behind HMAC-signed URLs (the server hands them out whole, with
 * their signature: clients never build these paths). No bearer token: the signature authorizes.
 */
export const blobs = {
  upload: endpoint({
    method: "put",
    path: "/blob/:key{.+}",
    summary: "Upload a file body to a presigned URL (embedded mode)",
    tag: "uploads",
    auth: false,
    rawBody: true,
  }),
  download: endpoint({
    method: "get",
    path: "/blob/:key{.+}",
    summary: "Download a stored file by presigned URL (embedded mode)",
    tag: "uploads",
    auth: false,
  }),
};
