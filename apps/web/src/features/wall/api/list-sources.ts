import { zSourceList, type SortOrder, type SourceList, type WallTab } from "@mnemo/contracts";
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
  const q = new URLSearchParams({
    tab: p.tab,
    page: String(p.page),
    page_size: String(p.pageSize),
    sort: p.sort,
  });
  if (p.fileTypes.length > 0) q.set("file_types", p.fileTypes.join(","));
  if (p.apps?.length) q.set("apps", p.apps.join(","));
  return api.request(`/api/sources?${q.toString()}`, { schema: zSourceList, signal });
}
