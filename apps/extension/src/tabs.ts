/** The page the person is reading: the active tab, or (from an extension page) the last one used. */
export async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active?.url && /^https?:/.test(active.url)) return active;
  const tabs = (await chrome.tabs.query({})).filter((t) => t.url && /^https?:/.test(t.url));
  return tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

export type Captured = { url: string; title: string; content: string; selection: string };

/** The readable content and the selection of a tab (runs capture.js in it). */
export async function captureTab(tabId: number): Promise<Captured> {
  await chrome.scripting.executeScript({ target: { tabId }, files: ["capture.js"] });
  const [result] = await chrome.scripting.executeScript({
    target: { tabId },
    func: () => (globalThis as unknown as { mnemoCapture: () => Captured }).mnemoCapture(),
  });
  if (!result?.result) throw new Error("This page cannot be read (a browser page, or it is still loading).");
  return result.result as Captured;
}
