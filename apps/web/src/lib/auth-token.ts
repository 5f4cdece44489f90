import { useSyncExternalStore } from "react";
import type { TokenStore } from "./api-client.ts";

const KEY = "mnemo.token";
const listeners = new Set<() => void>();
let signedOutOnPurpose = false;

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function notify() {
  for (const l of listeners) l();
}

/** The bearer token, kept in localStorage so a reload stays signed in. */
export const authToken: TokenStore & {
  subscribe(listener: () => void): () => void;
  /** Forgets the token because the person chose to sign out (not because the session expired). */
  signOut(): void;
  /** Whether the last sign-out was chosen by the person, so sign-in need not offer a way back. */
  wasSignedOutOnPurpose(): boolean;
} = {
  get: read,
  set(token) {
    signedOutOnPurpose = false;
    localStorage.setItem(KEY, token);
    notify();
  },
  clear() {
    localStorage.removeItem(KEY);
    notify();
  },
  signOut() {
    signedOutOnPurpose = true;
    localStorage.removeItem(KEY);
    notify();
  },
  wasSignedOutOnPurpose: () => signedOutOnPurpose,
  subscribe(listener) {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === KEY) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

/** The current token; re-renders when it is set or cleared (in this tab or another). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(authToken.subscribe, authToken.get, () => null);
}
