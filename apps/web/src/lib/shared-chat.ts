/**
 * Addresses of a shared (public) chat. The spec's address is `/chat/{id}?shared=true&new=true`
 * (spec 1 §2), with the chat's public token; the older `/public/chat/{id}?token=…` redirects to it.
 */
export function sharedChatPath(chatId: string, token: string): string {
  const q = new URLSearchParams({ shared: "true", new: "true", token });
  return `/chat/${encodeURIComponent(chatId)}?${q.toString()}`;
}

/** The shared chat an address opens (`/chat/{id}?shared=true…`), or null. */
export function sharedChatOf(pathname: string, search: string): { chatId: string; token: string } | null {
  const m = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  const q = new URLSearchParams(search);
  if (!m || q.get("shared") !== "true") return null;
  return { chatId: decodeURIComponent(m[1]), token: q.get("token") ?? "" };
}
