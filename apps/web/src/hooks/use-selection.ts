import { useCallback, useState } from "react";

/** Multi-selection of memory cards by id. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelected((cur) => {
        const next = new Set(cur);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  const drop = useCallback(
    (ids: string[]) => setSelected((cur) => new Set([...cur].filter((id) => !ids.includes(id)))),
    [],
  );
  return { selected, toggle, clear, drop };
}
