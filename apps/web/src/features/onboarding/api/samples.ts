import { z } from "zod";
import { endpoints } from "@mnemo/contracts";
import { sampleContent } from "@mnemo/contracts/constants";
import { api } from "@/lib/api";
import type { SampleUpload } from "@/features/upload";

/**
 * The bundled sample lists, served by Mnemo itself: the recommendations (samples.json) and the
 * welcome items (welcome.json; spec 3 §3 Sample item: type page, webpage or image).
 */
const zSampleItem = z.object({
  type: z.enum(["webpage", "file", "page", "image"]),
  title: z.string(),
  url: z.string().nullable(),
  filename: z.string().regex(/^(?:[\w-]+\/)?[\w-][\w.-]*$/),
  description: z.string(),
  addToCollection: z.boolean(),
});
export const zSampleManifest = z.object({ collectionName: z.string(), items: z.array(zSampleItem) });
export type SampleItem = z.infer<typeof zSampleItem>;

const base = "/samples/";

/** Fetches a bundled sample; images must download with a status below 400 (spec 3 §5). */
async function getOk(path: string, signal?: AbortSignal, below = 300): Promise<Response> {
  const res = await fetch(base + path, { signal });
  if (res.status >= below) throw new Error(`The sample ${path} could not be loaded (HTTP ${res.status}).`);
  return res;
}

/** The sample recommendations shipped with Mnemo (no internet needed). */
export async function loadSampleManifest(signal?: AbortSignal) {
  return zSampleManifest.parse(await (await getOk("samples.json", signal)).json());
}

/** The welcome items for a new account (spec 3 §9: eight, six of them into the sample collection). */
export async function loadWelcomeManifest(signal?: AbortSignal) {
  return zSampleManifest.parse(await (await getOk("welcome.json", signal)).json());
}

/**
 * One sample ready for the upload paths: a web page with its bundled content, a text page, or the
 * file (a PDF or an image) itself.
 */
export async function loadSample(item: SampleItem): Promise<SampleUpload> {
  const res = await getOk(
    item.filename,
    undefined,
    item.type === "image" ? sampleContent.imageDownloadStatusBelow : 300,
  );
  if (item.type === "page") return { kind: "page", title: item.title, markdown: await res.text() };
  if (item.type === "webpage" && item.url)
    return {
      kind: "link",
      link: item.url,
      title: item.title,
      description: item.description,
      content: await res.text(),
    };
  const blob = await res.blob();
  const name = item.filename.split("/").pop() ?? item.filename;
  return { kind: "file", file: new File([blob], name, { type: blob.type || "application/pdf" }) };
}

/** The sample collection ('This is a collection'), found or created (spec 3 §9). */
export async function sampleCollectionId(name: string = sampleContent.collectionName): Promise<string> {
  const { collections } = await api.request(endpoints.collections.list);
  const found = collections.find((c) => c.collection_name === name);
  if (found) return found.collection_id;
  const created = await api.request(endpoints.collections.upsert, {
    body: { collection_name: name, description: "Sample memories to try Mnemo with." },
  });
  return created.collection_id;
}
