import { loadSettings, MnemoError, remember, saveNote, savePage } from "./api.ts";
import { captureTab } from "./tabs.ts";

/** Saves a tab's page with its rendered readable content; returns what the popup lists. */
export async function savePageOf(tabId: number) {
  const settings = await loadSettings();
  const page = await captureTab(tabId);
  const id = await savePage(settings, page);
  await remember({ id, type: "webpage", title: page.title, status: "indexing", at: Date.now() });
  return page.title;
}

/** Saves the tab's selection (or the given text) as a note. */
export async function saveSelectionOf(tabId: number, text?: string) {
  const settings = await loadSettings();
  const page = await captureTab(tabId);
  const selection = (text ?? page.selection).trim();
  if (!selection) throw new MnemoError("Select some text on the page first.");
  const title = selection.split(/\s+/).slice(0, 8).join(" ").slice(0, 80);
  const id = await saveNote(settings, { title, text: selection, url: page.url });
  await remember({ id, type: "page", title, status: "indexing", at: Date.now() });
  return title;
}

/** Saves a link (from the context menu): Mnemo fetches it. */
export async function saveLink(url: string, title = "") {
  const settings = await loadSettings();
  const id = await savePage(settings, { url, title, content: "" });
  await remember({ id, type: "webpage", title: title || url, status: "indexing", at: Date.now() });
  return title || url;
}
