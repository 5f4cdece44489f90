import {
  listCollections,
  loadSettings,
  MnemoError,
  recent,
  refreshStatuses,
  saveSettings,
  signIn,
  type Saved,
} from "./api.ts";
import { savePageOf, saveSelectionOf } from "./actions.ts";
import { targetTab } from "./tabs.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const message = (text: string) => ($("message").textContent = text);

function renderRecent(items: Saved[]) {
  const list = $("recent");
  list.replaceChildren(
    ...items.map((r) => {
      const li = document.createElement("li");
      const title = document.createElement("span");
      title.className = "title";
      title.textContent = r.title;
      const status = document.createElement("span");
      status.textContent =
        r.status === "indexing" ? "Indexing…" : r.status === "success" ? "Indexed" : "Failed";
      li.append(title, status);
      return li;
    }),
  );
  if (!items.length)
    list.replaceChildren(Object.assign(document.createElement("li"), { textContent: "Nothing yet." }));
}

let polling: number | undefined;
async function poll() {
  const settings = await loadSettings();
  const items = await refreshStatuses(settings);
  renderRecent(items);
  if (items.some((i) => i.status === "indexing")) polling = window.setTimeout(() => void poll(), 1000);
}

async function showSignedIn() {
  const settings = await loadSettings();
  $("signed-out").hidden = true;
  $("signed-in").hidden = false;
  $("who").textContent = `${settings.email || "Signed in"} · ${new URL(settings.server).host}`;
  const select = $<HTMLSelectElement>("collection");
  try {
    for (const c of await listCollections(settings))
      select.append(new Option(c.collection_name, c.collection_id));
    select.value = settings.collectionId;
  } catch (err) {
    message((err as Error).message);
  }
  renderRecent(await recent());
  void poll();
}

async function showSignedOut() {
  const settings = await loadSettings();
  $("signed-in").hidden = true;
  $("signed-out").hidden = false;
  $<HTMLInputElement>("sign-in").querySelector<HTMLInputElement>("[name=server]")!.value = settings.server;
}

async function act(button: HTMLButtonElement, work: () => Promise<string>) {
  button.disabled = true;
  message("Saving…");
  try {
    message(`Saved: ${await work()}`);
    window.clearTimeout(polling);
    void poll();
  } catch (err) {
    message(err instanceof MnemoError ? err.message : `Not saved: ${(err as Error).message}`);
  } finally {
    button.disabled = false;
  }
}

$("sign-in").addEventListener("submit", (e) => {
  e.preventDefault();
  const form = new FormData(e.target as HTMLFormElement);
  const server = String(form.get("server")).replace(/\/$/, "");
  const email = String(form.get("email"));
  void signIn(server, email, String(form.get("password")))
    .then(async (token) => {
      await saveSettings({ server, token, email });
      message("");
      await showSignedIn();
    })
    .catch((err: Error) => message(err.message));
});

$("token-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const server = $<HTMLFormElement>("sign-in")
    .querySelector<HTMLInputElement>("[name=server]")!
    .value.replace(/\/$/, "");
  const token = String(new FormData(e.target as HTMLFormElement).get("token")).trim();
  if (!server || !token) return message("Enter the server address and a token.");
  void saveSettings({ server, token, email: "" }).then(showSignedIn);
});

/** Signs in with the web app's session: reads its token from an open Mnemo tab. */
$("use-session").addEventListener("click", () => {
  const server = $<HTMLFormElement>("sign-in")
    .querySelector<HTMLInputElement>("[name=server]")!
    .value.replace(/\/$/, "");
  if (!server) return message("Enter the server address first.");
  void (async () => {
    const tabs = await chrome.tabs.query({ url: `${server}/*` });
    for (const tab of tabs) {
      const [r] = await chrome.scripting.executeScript({
        target: { tabId: tab.id! },
        func: () => localStorage.getItem("mnemo.token"),
      });
      if (typeof r?.result === "string" && r.result) {
        await saveSettings({ server, token: r.result, email: "" });
        return showSignedIn();
      }
    }
    message(`Open ${server} in a tab and sign in there first.`);
  })();
});

$("collection").addEventListener(
  "change",
  (e) => void saveSettings({ collectionId: (e.target as HTMLSelectElement).value }),
);
$("sign-out").addEventListener("click", () => void saveSettings({ token: "" }).then(showSignedOut));

$("save-page").addEventListener(
  "click",
  (e) =>
    void act(e.currentTarget as HTMLButtonElement, async () => {
      const tab = await targetTab();
      if (!tab?.id) throw new MnemoError("Open a web page to save it.");
      return savePageOf(tab.id);
    }),
);
$("save-selection").addEventListener(
  "click",
  (e) =>
    void act(e.currentTarget as HTMLButtonElement, async () => {
      const tab = await targetTab();
      if (!tab?.id) throw new MnemoError("Open a web page to save from it.");
      return saveSelectionOf(tab.id);
    }),
);

void loadSettings().then((s) => (s.server && s.token ? showSignedIn() : showSignedOut()));
