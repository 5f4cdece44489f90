import { useCallback, useState } from "react";

/** A boolean preference kept in localStorage (for example whether the sidebar is expanded). */
export function useLocalBoolean(key: string, initial: boolean): [boolean, (v: boolean) => void] {
  const [value, setValue] = useState(() => {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? initial : raw === "true";
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (v: boolean) => {
      setValue(v);
      try {
        localStorage.setItem(key, String(v));
      } catch {
        // storage full or blocked: keep the in-memory value
      }
    },
    [key],
  );
  return [value, set];
}
