import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { SectionCard } from "@/components/ui/section-card";
import { getStats } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Totals for a period (members' content is never shown, only counts). */
export function StatsSection({ organizationId }: { organizationId: string }) {
  const [days, setDays] = useState(30);
  const { data } = useQuery({
    queryKey: orgKeys.stats(organizationId, days),
    queryFn: ({ signal }) => getStats(organizationId, days, signal),
  });
  const rows: [string, string | number][] = data
    ? [
        ["Members", data.members],
        ["Memories", data.memories],
        ["Memories added", data.memories_added],
        ["Questions asked", data.questions_asked],
        ["Storage", mb(data.storage_bytes)],
      ]
    : [];
  return (
    <SectionCard id="stats" title="Usage">
      <select
        aria-label="Period"
        className="mb-4 h-8 rounded-md border bg-background px-2 text-sm"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        <option value={7}>Last 7 days</option>
        <option value={30}>Last 30 days</option>
        <option value={90}>Last 90 days</option>
      </select>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt className="text-xs text-muted-foreground">{k}</dt>
            <dd className="text-lg font-semibold">{v}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
