import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "@/app/providers";
import { router } from "@/app/router";
import { applyTheme } from "@/lib/theme";
import "./index.css";

applyTheme();

// The offline shell and the share target (public/sw.js); production builds only.
if (import.meta.env.PROD && "serviceWorker" in navigator)
  window.addEventListener("load", () => void registerServiceWorker().catch(() => undefined));

/**
 * Registers the worker, then hands it the hashed assets this page loaded before the worker was in
 * control (a first visit), so the shell it keeps is complete for offline loads. It asks again once
 * the worker takes control: a chunk loaded between the first message and that moment (a screen
 * opened meanwhile) reached neither the message nor the worker. The worker skips what it holds.
 */
async function registerServiceWorker() {
  await navigator.serviceWorker.register("/sw.js");
  const ready = await navigator.serviceWorker.ready;
  const report = () => {
    const urls = performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && /^\/(assets|icons)\//.test(u.pathname))
      .map((u) => u.pathname);
    (navigator.serviceWorker.controller ?? ready.active)?.postMessage({ type: "cache-shell-assets", urls });
  };
  report();
  if (!navigator.serviceWorker.controller)
    navigator.serviceWorker.addEventListener("controllerchange", report, { once: true });
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
