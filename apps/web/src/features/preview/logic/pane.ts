import type { Source, SourceContent } from "@mnemo/contracts";
import { isStoredScreenshot } from "./screenshot";
import { youtubeId } from "./youtube";

export type PreviewMode = "preview" | "focus";

/** What the left pane of the preview shows (spec 2 §2 Source preview dialog, by type). */
export type Pane =
  | { kind: "iframe"; url: string }
  | { kind: "video"; videoId: string }
  | { kind: "screenshot"; url: string }
  | { kind: "take-screenshot" }
  | { kind: "reader" }
  | { kind: "content" }
  | { kind: "page" }
  | { kind: "canvas" }
  | { kind: "app" };

/**
 * Which viewer a memory gets. Web pages in preview mode try the embedded frame first (when the
 * site allows framing), then the stored screenshot (or one taken now, `take-screenshot`, which
 * falls back to reader content when screenshots are off or fail), then reader content; a YouTube
 * video is embedded. Focus (reader) mode always shows reader content. An og image is not a
 * screenshot. Files, images and local sources are shown by their content (see `contentView`).
 */
export function choosePane(
  source: Pick<Source, "type" | "url" | "thumbnail_url" | "meta">,
  mode: PreviewMode,
): Pane {
  switch (source.type) {
    case "webpage":
    case "web_search": {
      const vid = youtubeId(source.url);
      if (vid) return { kind: "video", videoId: vid };
      if (mode === "focus") return { kind: "reader" };
      if (source.url && source.meta.iframe_support === true) return { kind: "iframe", url: source.url };
      if (source.thumbnail_url && isStoredScreenshot(source.thumbnail_url))
        return { kind: "screenshot", url: source.thumbnail_url };
      if (source.url && source.meta.status === "success" && !source.meta.screenshot_unavailable)
        return { kind: "take-screenshot" };
      return { kind: "reader" };
    }
    case "file":
    case "image":
    case "local_source":
      return { kind: "content" };
    case "page":
      return { kind: "page" };
    case "canvas":
      return { kind: "canvas" };
    default:
      return { kind: "app" };
  }
}

export type ContentView =
  | { kind: "image"; url: string; name: string }
  | { kind: "pdf"; url: string; name: string }
  | { kind: "audio"; url: string; name: string; mimeType: string }
  | { kind: "html"; html: string }
  | { kind: "csv"; csv: string }
  | { kind: "markdown"; markdown: string }
  | { kind: "text"; text: string }
  | { kind: "download"; url: string | null; name: string | null };

const imageMime = /^image\/(png|jpe?g|gif|webp|bmp|avif)$/i;
const audioFile = (f: { name: string; mime_type: string }) =>
  /^audio\//i.test(f.mime_type) || /\.(webm|weba|ogg|oga|opus|mp3|m4a|wav|aac)$/i.test(f.name);

/** A PDF memory (by its file type, or the extension its title keeps). */
export function isPdfSource(
  source: Pick<Source, "type" | "title"> & { meta: Pick<Source["meta"], "file_type"> },
): boolean {
  if (source.type !== "file" && source.type !== "local_source") return false;
  return (
    (source.meta.file_type ?? /\.([a-z0-9]+)$/i.exec(source.title.trim())?.[1] ?? "").toLowerCase() === "pdf"
  );
}

/**
 * The viewer for a file's preview content, by what the content is: an image file, a PDF in the
 * browser's own viewer (its extracted text in reader mode), the original HTML (sandboxed), CSV
 * as a table, extracted Markdown (office documents, PDFs in reader mode, Markdown files), plain
 * text, otherwise a download of the original. SVG is never drawn as an image from here.
 */
export function contentView(
  type: string,
  content: SourceContent["content"],
  decode: (b64: string) => string,
  mode: PreviewMode = "preview",
): ContentView {
  const file = content.files[0] ?? null;
  if (file && (type === "image" || imageMime.test(file.mime_type)) && imageMime.test(file.mime_type)) {
    return { kind: "image", url: file.url, name: file.name };
  }
  if (file && mode === "preview" && (file.mime_type === "application/pdf" || /\.pdf$/i.test(file.name)))
    return { kind: "pdf", url: file.url, name: file.name };
  // A recording plays in place (it is kept as a memory of its own; its transcript is in its page).
  if (file && audioFile(file))
    return { kind: "audio", url: file.url, name: file.name, mimeType: file.mime_type };
  if (content.html_base64) return { kind: "html", html: decode(content.html_base64) };
  if (content.csv_base64) return { kind: "csv", csv: decode(content.csv_base64) };
  // A .txt keeps its own line breaks: Markdown would merge its lines into one paragraph.
  if (file && (file.mime_type === "text/plain" || /\.txt$/i.test(file.name))) {
    const text = content.text?.trim() ? content.text : content.markdown;
    if (text?.trim()) return { kind: "text", text };
  }
  if (content.markdown?.trim()) return { kind: "markdown", markdown: content.markdown };
  if (content.text?.trim()) return { kind: "text", text: content.text };
  return { kind: "download", url: file?.url ?? null, name: file?.name ?? null };
}

/** The Notes tab shows only for memories with a title that are not pages or canvases (spec 2 §2). */
export function hasNotesTab(source: Pick<Source, "title" | "type">, excluded: readonly string[]): boolean {
  return source.title.trim() !== "" && !excluded.includes(source.type);
}
