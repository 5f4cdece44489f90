import { endpoints, type IndexingLedgerResponse, type IndexingOrigin } from "@mnemo/contracts";
import { api } from "@/lib/api";

const sources = endpoints.sources;

/** GET /api/indexing/ledger: the uploads' or imports' coverage, failed memories and the latest 50. */
export function indexingLedger(
  origin: IndexingOrigin,
  signal?: AbortSignal,
): Promise<IndexingLedgerResponse> {
  return api.request(sources.indexingLedger, { query: { origin }, signal });
}

/** POST /api/indexing/retry_failed: index the failed uploads or imports again (one, or all). */
export function retryIndexingFailed(origin: IndexingOrigin, sourceId?: string) {
  return api.request(sources.indexingRetryFailed, {
    body: { origin, ...(sourceId ? { source_id: sourceId } : {}) },
  });
}
