import { z } from "zod";
import { zCollectionList, zUpsertCollectionResponse } from "@mnemo/contracts";
import { sampleContent } from "@mnemo/contracts/constants";
import { api } from "@/lib/api";
import type { SampleUpload } from "@/features/upload";

/** The bundled sample list (apps/web/public/samples/samples.json), served by Mnemo itself. */
const zSampleItem = z.object({
  type: z.enum(["webpage", "file"]),
  title: z.string(),
  url: z.string().nullable(),
  filename: z.string().regex(/^[\w.-]+$/),
  description: z.string(),
  addToCollection: z.boolean(),
});
export const zSampleManifest = z.object({ collectionName: z.string(), items: z.array(zSampleItem) });
export type SampleItem = z.infer<typeof zSampleItem>;

const base = "/samples/";

async function getOk(path: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(base + path, { signal });
  if (!res.ok) throw new Error(`The sample ${path} could not be loaded (HTTP ${res.status}).`);
  return res;
}

/** The sample recommendations shipped with Mnemo (no internet needed). */
export async function loadSampleManifest(signal?: AbortSignal) {
  return zSampleManifest.parse(await (await getOk("samples.json", signal)).json());
}

/** One sample ready for the upload paths: a web page with its bundled content, or the file itself. */
export async function loadSample(item: SampleItem): Promise<SampleUpload> {
  const res = await getOk(item.filename);
  if (item.type === "webpage" && item.url)
    return {
      kind: "link",
      link: item.url,
      title: item.title,
      description: item.description,
      content: await res.text(),
    };
  const blob = await res.blob();
  return { kind: "file", file: new File([blob], item.filename, { type: blob.type || "application/pdf" }) };
}

/** The sample collection ('This is a collection'), found or created (spec 3 §9). */
export async function sampleCollectionId(name: string = sampleContent.collectionName): Promise<string> {
  const { collections } = await api.request("/api/collection", { schema: zCollectionList });
  const found = collections.find((c) => c.collection_name === name);
  if (found) return found.collection_id;
  const created = await api.request("/api/collection", {
    method: "PUT",
    body: { collection_name: name, description: "Sample memories to try Mnemo with." },
    schema: zUpsertCollectionResponse,
  });
  return created.collection_id;
}
