import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark" | "system";
export const themes: readonly Theme[] = ["light", "dark", "system"];

/** Stored under the spec's local-storage key `theme` (spec 3 §3). */
const KEY = "theme";
const listeners = new Set<() => void>();
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

export function getTheme(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    return t === "light" || t === "dark" ? t : "system";
  } catch {
    return "system";
  }
}

/** Puts the `dark` class on <html> for the chosen theme (system follows the OS setting). */
export function applyTheme(theme: Theme = getTheme()) {
  const dark = theme === "dark" || (theme === "system" && darkQuery().matches);
  document.documentElement.classList.toggle("dark", dark);
}

export function setTheme(theme: Theme) {
  localStorage.setItem(KEY, theme);
  applyTheme(theme);
  for (const l of listeners) l();
}

/** Keeps the page in step with the OS setting while the theme is `system`. */
export function watchSystemTheme(): () => void {
  const q = darkQuery();
  const onChange = () => {
    if (getTheme() === "system") applyTheme("system");
  };
  q.addEventListener("change", onChange);
  return () => q.removeEventListener("change", onChange);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getTheme, () => "system" as Theme);
  return [theme, setTheme];
}
