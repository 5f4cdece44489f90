import { endpoints, type SortOrder, type SourceList, type WallTab } from "@mnemo/contracts";
import { api } from "@/lib/api";

export interface ListSourcesParams {
  tab: WallTab;
  page: number;
  pageSize: number;
  sort: SortOrder;
  fileTypes: string[];
  /** App ids: only memories from these connected apps. */
  apps?: string[];
}

/** GET /api/sources: one page of a wall tab (spec 2 §7 List memories). */
export function listSources(p: ListSourcesParams, signal?: AbortSignal): Promise<SourceList> {
  return api.request(endpoints.sources.list, {
    query: {
      tab: p.tab,
      page: p.page,
      page_size: p.pageSize,
      sort: p.sort,
      file_types: p.fileTypes.length > 0 ? p.fileTypes.join(",") : undefined,
      apps: p.apps?.length ? p.apps.join(",") : undefined,
    },
    signal,
  });
}
