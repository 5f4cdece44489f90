import { useEffect, useMemo, useRef, useState } from "react";
import { search as searchConstants } from "@mnemo/contracts/constants";
import type { SearchSourcesResult, SortOrder, Source, WallTab } from "@mnemo/contracts";
import { reportError } from "@/lib/report-error";
import { searchSources } from "../api/search-sources";
import { fuzzyMatch, mergeSearchResults } from "@/lib/fuzzy";
import { matchesApps, matchesFileTypes } from "../logic/source-label";

export type SearchHit = Source & {
  match?: SearchSourcesResult["results"][number]["match"];
  snippet?: string | null;
};

const DEBOUNCE_MS = 200;

/**
 * Memory search: instant fuzzy matches over the loaded memories, merged with the server's
 * answer (fuzzy fields and content) when it arrives. A newer query aborts the older request
 * with the reason 'staleQuery'. `fileTypes` are `file_types` values (see `fileTypesFor`), `apps`
 * app ids.
 */
export function useMemorySearch(
  query: string,
  loaded: readonly Source[],
  tab: WallTab,
  sort: SortOrder,
  fileTypes: string[],
  apps: string[] = [],
) {
  const q = query.trim();
  const [server, setServer] = useState<{ q: string; results: SearchHit[] } | null>(null);
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const typesKey = fileTypes.join(",");
  const appsKey = apps.join(",");

  useEffect(() => {
    controller.current?.abort(searchConstants.staleQueryAbortReason);
    controller.current = null;
    if (!q) {
      setServer(null);
      setPending(false);
      return;
    }
    setPending(true);
    const ac = new AbortController();
    controller.current = ac;
    const timer = setTimeout(() => {
      const types = typesKey ? typesKey.split(",") : [];
      const chosenApps = appsKey ? appsKey.split(",") : [];
      searchSources(
        { search_query: q, active_item: tab, sort, file_types: types, apps: chosenApps },
        ac.signal,
      )
        .then((r) => {
          if (ac.signal.aborted) return;
          setServer({ q, results: r.results });
          setPending(false);
        })
        .catch((err: unknown) => {
          if (ac.signal.aborted) return;
          reportError(err, { where: "memory search" });
          setServer({ q, results: [] });
          setPending(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ac.abort(searchConstants.staleQueryAbortReason);
    };
  }, [q, tab, sort, typesKey, appsKey]);

  const local = useMemo(() => {
    const types = typesKey ? typesKey.split(",") : [];
    const chosenApps = appsKey ? appsKey.split(",") : [];
    const pool = loaded.filter((s) => matchesFileTypes(s, types) && matchesApps(s, chosenApps));
    return fuzzyMatch(pool, q);
  }, [loaded, q, typesKey, appsKey]);
  const results = useMemo<SearchHit[]>(
    () => mergeSearchResults<SearchHit>(local, server && server.q === q ? server.results : null),
    [local, server, q],
  );
  return { active: q.length > 0, results, pending };
}
