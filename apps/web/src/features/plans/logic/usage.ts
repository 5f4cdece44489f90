import type { UsageStat, UserStats } from "@mnemo/contracts";

export type Meter = {
  key: string;
  label: string;
  count: number;
  limit: number | null;
  percent: number | null;
  text: string;
  atLimit: boolean;
};

const labels: Record<string, string> = {
  qna: "Questions",
  web: "Web searches",
  apps: "Copilot app searches",
  agent: "Agent runs",
  file_upload: "File uploads",
};

/**
 * What the daily counters count (docs/decisions.md, "Quota counts only what ran"), shown under the
 * meters so the numbers read as the server counts them.
 */
export const usageCountingNote =
  "Every answer counts as a question, including regenerated answers and chats about one memory. Only what ran is counted: a web search when a web search provider answered, nothing for a reply that only says no generative model is configured.";

function meter(key: string, label: string, s: UsageStat): Meter {
  const atLimit = s.limit !== null && s.count >= s.limit;
  return {
    key,
    label,
    count: s.count,
    limit: s.limit,
    percent:
      s.limit === null ? null : s.limit === 0 ? 100 : Math.min(100, Math.round((s.count / s.limit) * 100)),
    text: s.limit === null ? `${s.count} · unlimited` : `${s.count} of ${s.limit}`,
    atLimit,
  };
}

/** Today's usage meters (count against limit, in the stats' order) and the collections total. */
export function usageMeters(stats: UserStats): { daily: Meter[]; collections: Meter } {
  const daily = stats.daily
    ? (Object.entries(stats.daily) as [string, UsageStat][]).map(([k, s]) => meter(k, labels[k] ?? k, s))
    : [];
  return { daily, collections: meter("collections", "Collections (total)", stats.collections) };
}
