import type { ReactElement } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster } from "sonner";

type Reply = { status?: number; body?: unknown };

/**
 * Replaces `fetch` with a scripted server: `routes["PUT /api/user/profile"]` answers that call.
 * Returns the list of calls made.
 */
export function scriptServer(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${input}`;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> });
    const route = routes[key];
    const reply =
      typeof route === "function" ? route(body) : (route ?? { status: 404, body: { error: "not_found" } });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return calls;
}

/** Renders a screen inside the app's providers and a memory router. */
export function renderScreen(
  element: ReactElement,
  path = "/",
  extraRoutes: { path: string; element: ReactElement }[] = [],
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
