import { constants, endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

const toBase64 = (name: string) => {
  let bin = "";
  for (const b of new TextEncoder().encode(name)) bin += String.fromCharCode(b);
  return btoa(bin);
};

/** A file name the upload accepts (printable ASCII, no path characters) from a page title. */
export function textFileName(title: string): string {
  const base = title
    .replace(/[^\x20-\x7E]/g, "")
    .replace(/[\\/:*?"<>|]/g, "-")
    .trim()
    .slice(0, 100);
  return `${base || "Note"}.md`;
}

/**
 * Saves a note too large for a page as a Markdown file memory through the presigned upload flow
 * (spec 2 §7: location, PUT with the x-amz-meta-* headers, confirm). The upload feature has the
 * same flow for picked files; it opens this editor, so the pages feature cannot import it back.
 */
export async function saveAsTextFile(input: {
  title: string;
  markdown: string;
  collections: string[];
}): Promise<{ id: string; name: string }> {
  const name = textFileName(input.title);
  const body = new Blob([input.markdown], { type: "text/markdown" });
  const meta = {
    name_base64: toBase64(name),
    type: "text/markdown",
    size: body.size,
    source_type: "file" as const,
  };
  const location = await api.request(endpoints.uploads.getPresignedUrl, {
    body: { fileType: "md", metadata: meta },
  });
  const res = await fetch(location.presigned_url, {
    method: "PUT",
    body,
    headers: {
      "content-type": meta.type,
      "x-amz-meta-name_base64": meta.name_base64,
      "x-amz-meta-type": meta.type,
      "x-amz-meta-size": String(meta.size),
      "x-amz-meta-source_type": meta.source_type,
    },
  });
  await res.arrayBuffer().catch(() => undefined);
  const stored = res.status === constants.files.uploadSuccessStatus;
  await api.request(endpoints.uploads.confirmUpload, {
    body: {
      file_id: location.file_id,
      upload_status: stored ? "success" : "failed",
      file_type: "md",
      is_reindex: false,
      collections: input.collections,
    },
  });
  if (!stored) throw new Error("the text file was not stored");
  return { id: location.file_id, name };
}
