import { endpoints, type WelcomeItemRef, type WelcomeItemsClaim } from "@mnemo/contracts";
import { addSamples } from "@/features/upload";
import { api } from "@/lib/api";
import { loadSample, loadWelcomeManifest, sampleCollectionId, type SampleItem } from "./samples";

/** How the server recognises a welcome item among the account's memories. */
function refOf(item: SampleItem): WelcomeItemRef {
  const type = item.type === "webpage" || item.type === "image" ? item.type : "page";
  return { key: item.filename, type, title: item.title, url: item.url };
}

/**
 * POST /api/user/welcome_items: the items this call adds (those the account does not have yet);
 * none when they were finished, or while another tab adds them (then `retry_after_ms`).
 */
function claimWelcomeItems(mode: "start" | "resume", items: WelcomeItemRef[]): Promise<WelcomeItemsClaim> {
  return api.request(endpoints.users.claimWelcomeItems, { body: { mode, items } });
}

/** POST /api/user/welcome_items/finish: every welcome item was sent. */
async function finishWelcomeItems(): Promise<void> {
  await api.request(endpoints.users.finishWelcomeItems);
}

/** What one attempt did: how many items it sent, or when to try again (another tab is adding them). */
export type WelcomeOutcome = { sent: number; retryAfterMs?: number };

/**
 * The welcome sample items a new account gets (spec 3 §9: eight, six of them into the sample
 * collection 'This is a collection'), added when onboarding finishes (`start`) through the real
 * upload paths (pages, web pages with their bundled content, images by presigned upload) and shown
 * on the notification card ('Preparing your memory wall'). Resumable: a tab closed midway leaves
 * the account pending, and a later load (`resume`) adds only what is still missing; the server
 * hands each item out once. Finished once every upload has settled.
 */
export function addWelcomeItems(mode: "start" | "resume" = "start"): Promise<WelcomeOutcome> {
  // One attempt per page at a time: the resume on load joins the one onboarding started.
  running ??= attempt(mode).finally(() => (running = null));
  return running;
}
let running: Promise<WelcomeOutcome> | null = null;

async function attempt(mode: "start" | "resume"): Promise<WelcomeOutcome> {
  const manifest = await loadWelcomeManifest();
  const claim = await claimWelcomeItems(mode, manifest.items.map(refOf));
  if (claim.retry_after_ms) return { sent: 0, retryAfterMs: claim.retry_after_ms };
  const wanted = new Set(claim.add);
  const missing = manifest.items.filter((i) => wanted.has(i.filename));
  // Nothing handed out: finished, never started (accounts marked done by the API), or all there.
  if (!missing.length) return { sent: 0 };
  const items = await Promise.all(missing.map(async (item) => ({ item, upload: await loadSample(item) })));
  const grouped = items.filter((i) => i.item.addToCollection).map((i) => i.upload);
  const loose = items.filter((i) => !i.item.addToCollection).map((i) => i.upload);
  const collectionId = grouped.length ? await sampleCollectionId(manifest.collectionName) : undefined;
  await Promise.all([
    grouped.length ? addSamples(grouped, collectionId, { toCard: true }) : undefined,
    loose.length ? addSamples(loose, undefined, { toCard: true }) : undefined,
  ]);
  await finishWelcomeItems();
  return { sent: missing.length };
}
