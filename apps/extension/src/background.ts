import { saveLink, savePageOf, saveSelectionOf } from "./actions.ts";
import { targetTab } from "./tabs.ts";

/** Context menus, the keyboard shortcut and the popup's requests, in the service worker. */
chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: "save-page", title: "Save page to Mnemo", contexts: ["page"] });
  chrome.contextMenus.create({ id: "save-link", title: "Save link to Mnemo", contexts: ["link"] });
  chrome.contextMenus.create({
    id: "save-selection",
    title: "Save selection to Mnemo as a note",
    contexts: ["selection"],
  });
});

function notify(title: string, message: string) {
  chrome.notifications.create({ type: "basic", iconUrl: "icon.png", title, message });
}

async function report(work: Promise<string>) {
  try {
    notify("Saved to Mnemo", await work);
  } catch (err) {
    notify("Not saved", (err as Error).message);
  }
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === "save-link" && info.linkUrl)
    void report(saveLink(info.linkUrl, info.selectionText ?? ""));
  else if (info.menuItemId === "save-selection" && tab?.id)
    void report(saveSelectionOf(tab.id, info.selectionText));
  else if (info.menuItemId === "save-page" && tab?.id) void report(savePageOf(tab.id));
});

chrome.commands.onCommand.addListener((command) => {
  if (command !== "save-page") return;
  void targetTab().then((tab) => (tab?.id ? report(savePageOf(tab.id)) : undefined));
});
