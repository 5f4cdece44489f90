import { useSearchParams } from "react-router";
import { BriefPanel, PassagesPanel } from "@/features/brief";
import { cn } from "@/lib/utils";

const views = ["brief", "passages"] as const;
type View = (typeof views)[number];

/** The brief of everything the user may read, and every passage about a subject in it (issue 45). */
export function BriefScreen() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "passages" ? "passages" : "brief";
  const setView = (v: View, q?: string) =>
    setParams((p) => {
      if (v === "brief") p.delete("view");
      else p.set("view", v);
      if (q !== undefined) p.set("q", q);
      return p;
    });
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Brief</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          A digest of every memory you can read: key points, what they are about, and a timeline.
        </p>
      </header>
      <div role="tablist" aria-label="Brief views" className="flex gap-1 border-b">
        {views.map((v) => (
          <button
            key={v}
            role="tab"
            type="button"
            aria-selected={view === v}
            onClick={() => setView(v)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
              view === v
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {v === "brief" ? "Brief" : "Find every passage"}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="max-w-3xl">
        {view === "brief" ? (
          <BriefPanel collectionId="everything" onTerm={(t) => setView("passages", t)} />
        ) : (
          <PassagesPanel
            collectionId="everything"
            query={params.get("q") ?? ""}
            onQuery={(q) => setView("passages", q)}
          />
        )}
      </div>
    </div>
  );
}
