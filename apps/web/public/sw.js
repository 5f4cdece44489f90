/*
 * Mnemo's service worker: the app shell loads offline (the last index.html and the hashed assets it
 * used), and a share from another app (the manifest's share_target, a POST) is kept in the
 * `mnemo-share-inbox` cache for the `/?shared` landing. API calls are never cached, and the shell
 * holds nothing of a user: only the app's own index.html (the server marks it `x-mnemo-shell`, the
 * same page for everyone), the build's hashed assets, the manifest and the icons. Signing out
 * empties the share inbox (lib/shared-inbox.ts).
 */
const SHELL = "mnemo-shell-v2";
const SHELL_MARK = "x-mnemo-shell";
const INBOX = "mnemo-share-inbox";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.addAll(["/", "/manifest.webmanifest", "/favicon.svg"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("mnemo-shell-") && k !== SHELL).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/*
 * The page tells the worker which hashed assets it loaded before the worker controlled it (the
 * first visit): they join the shell, so the next load works offline without the HTTP cache.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "cache-shell-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u) => typeof u === "string" && /^\/(assets|icons)\/[\w.-]+$/.test(u))
    .slice(0, 300);
  event.waitUntil(
    caches.open(SHELL).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }),
  );
});

async function receiveShare(request) {
  const form = await request.formData();
  const cache = await caches.open(INBOX);
  const files = [];
  let i = 0;
  for (const file of form.getAll("files")) {
    if (typeof file === "string" || !file.name) continue;
    const key = `/share-inbox/file/${i++}`;
    await cache.put(
      key,
      new Response(file, { headers: { "content-type": file.type || "application/octet-stream" } }),
    );
    files.push({ key, name: file.name, type: file.type });
  }
  const meta = {
    title: String(form.get("title") || ""),
    text: String(form.get("text") || ""),
    url: String(form.get("url") || ""),
    files,
  };
  await cache.put(
    "/share-inbox/meta",
    new Response(JSON.stringify(meta), { headers: { "content-type": "application/json" } }),
  );
  return Response.redirect("/?shared", 303);
}

async function shell(request) {
  const cache = await caches.open(SHELL);
  try {
    const fresh = await fetch(request);
    // Only the app's own index.html is the shell: a navigation may also open a file (a sample
    // PDF, an HTML file), which must never answer for every route.
    if (fresh.ok && fresh.status === 200 && fresh.headers.get(SHELL_MARK) === "1")
      await cache.put("/", fresh.clone());
    return fresh;
  } catch {
    return (await cache.match("/")) || Response.error();
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.method === "POST" && url.pathname === "/share-target") {
    event.respondWith(receiveShare(event.request));
    return;
  }
  if (event.request.method !== "GET" || url.pathname.startsWith("/api/")) return;
  if (event.request.mode === "navigate") event.respondWith(shell(event.request));
  else if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/icons/"))
    event.respondWith(asset(event.request));
});
