import { zWelcomeItemsClaim } from "@mnemo/contracts";
import { addSamples } from "@/features/upload";
import { api } from "@/lib/api";
import { loadSample, loadWelcomeManifest, sampleCollectionId } from "./samples";

/** POST /api/user/welcome_items: true for the one call that may add the account's welcome items. */
async function claimWelcomeItems(): Promise<boolean> {
  return (await api.request("/api/user/welcome_items", { method: "POST", schema: zWelcomeItemsClaim }))
    .claimed;
}

/**
 * The welcome sample items a new account gets (spec 3 §9: eight, six of them into the sample
 * collection 'This is a collection'), added once per account when onboarding finishes, through
 * the real upload paths (pages, web pages with their bundled content, images by presigned upload)
 * and shown on the notification card ('Preparing your memory wall'). Resolves to how many were
 * sent; 0 when the account already had them.
 */
export async function addWelcomeItems(): Promise<number> {
  if (!(await claimWelcomeItems())) return 0;
  const manifest = await loadWelcomeManifest();
  const items = await Promise.all(
    manifest.items.map(async (item) => ({ item, upload: await loadSample(item) })),
  );
  const collectionId = await sampleCollectionId(manifest.collectionName);
  const grouped = items.filter((i) => i.item.addToCollection).map((i) => i.upload);
  const loose = items.filter((i) => !i.item.addToCollection).map((i) => i.upload);
  await Promise.all([
    addSamples(grouped, collectionId, { toCard: true }),
    addSamples(loose, undefined, { toCard: true }),
  ]);
  return items.length;
}
