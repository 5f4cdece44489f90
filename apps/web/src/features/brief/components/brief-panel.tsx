import { CalendarIcon, Loader2Icon, RotateCwIcon, ScrollTextIcon, SparklesIcon } from "lucide-react";
import type { Brief } from "@mnemo/contracts/brief";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { MemoryPreview } from "@/features/chat";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { errorMessage } from "@/lib/api";
import { useBrief } from "../hooks/use-brief";
import { CitationChip } from "./citation-chip";

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The whole-collection brief (issue 45): key points chosen across every memory, the terms it is
 * about, a timeline of dated statements and what is new since the user last looked; each sentence
 * cites its memory and opens the preview at its passage. `onTerm` searches every passage about a term.
 */
export function BriefPanel({
  collectionId,
  onTerm,
}: {
  collectionId: string;
  onTerm?: (term: string) => void;
}) {
  const q = useBrief(collectionId);
  const { previewId, openPreview, closePreview } = usePreviewParam();
  const data = q.data;

  let body;
  if (q.isPending)
    body = (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Reading every memory…
      </p>
    );
  else if (q.isError || data?.status === "failed")
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
        <p>Couldn't make the brief. {q.isError ? errorMessage(q.error) : (data?.error ?? "")}</p>
        <Button variant="outline" onClick={() => void q.refetch()}>
          <RotateCwIcon aria-hidden /> Try again
        </Button>
      </div>
    );
  else if (data?.status === "building") {
    const p = data.progress;
    const pct = p && p.total ? Math.round((p.done / p.total) * 100) : 0;
    body = (
      <div className="flex flex-col items-center gap-3 py-16 text-sm" role="status">
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden />
          Reading every memory… {p ? `${p.done} of ${p.total}` : ""}
        </p>
        <div
          className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Brief progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  } else if (data?.brief && data.brief.points.length === 0 && data.brief.timeline.length === 0)
    body = (
      <EmptyState
        icon={ScrollTextIcon}
        title={data.brief.memories === 0 ? "No memories to brief yet" : "Nothing to brief yet"}
        description={
          data.brief.memories === 0
            ? "Add memories and their brief appears here: key points, terms and a timeline."
            : "These memories hold no sentences to choose from yet (still being read, or no prose)."
        }
      />
    );
  else if (data?.brief) body = <BriefBody brief={data.brief} onOpen={openPreview} onTerm={onTerm} />;

  return (
    <section aria-label="Brief" className="flex flex-col gap-6">
      {body}
      {previewId && <MemoryPreview sourceId={previewId} onClose={closePreview} />}
    </section>
  );
}

function BriefBody({
  brief,
  onOpen,
  onTerm,
}: {
  brief: Brief;
  onOpen: (id: string, anchor: Brief["points"][number]["anchor"] | null) => void;
  onTerm?: (term: string) => void;
}) {
  const fresh = brief.new_since;
  return (
    <>
      <p className="text-xs text-muted-foreground">
        From all {brief.memories} {brief.memories === 1 ? "memory" : "memories"} ({brief.sentences}{" "}
        {brief.sentences === 1 ? "sentence" : "sentences"} read),{" "}
        {dateFmt.format(new Date(brief.computed_at))}.
      </p>
      {fresh.since && (
        <div className="rounded-lg border bg-card p-3 text-sm">
          <h3 className="flex items-center gap-1.5 font-semibold">
            <SparklesIcon className="size-4 text-primary" aria-hidden /> New since you last looked
          </h3>
          {fresh.memories.length === 0 ? (
            <p className="mt-1 text-muted-foreground">
              Nothing new since {dateFmt.format(new Date(fresh.since))}.
            </p>
          ) : (
            <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="New memories">
              {fresh.memories.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => onOpen(m.id, null)}
                    className="rounded-md bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary hover:underline"
                  >
                    {m.title || "Untitled"}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div>
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Key points
        </h3>
        <ol className="flex flex-col gap-2.5" aria-label="Key points">
          {brief.points.map((p, i) => (
            <li key={i} className="text-sm leading-relaxed">
              {p.new && (
                <span className="mr-1.5 rounded bg-primary/10 px-1.5 py-0.5 text-[11px] font-semibold text-primary">
                  New
                </span>
              )}
              {p.text}{" "}
              <CitationChip
                title={p.memory_title}
                anchor={p.anchor}
                onOpen={() => onOpen(p.memory_id, p.anchor)}
              />
            </li>
          ))}
        </ol>
      </div>
      {brief.terms.length > 0 && (
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            What it is about
          </h3>
          <ul className="flex flex-wrap gap-1.5" aria-label="Terms">
            {brief.terms.map((t) => (
              <li key={t.term}>
                <button
                  type="button"
                  disabled={!onTerm}
                  onClick={() => onTerm?.(t.term)}
                  title={`In ${t.memories} ${t.memories === 1 ? "memory" : "memories"}${onTerm ? " — find every passage" : ""}`}
                  className="rounded-full border px-2.5 py-0.5 text-xs hover:bg-accent disabled:hover:bg-transparent"
                >
                  {t.term} <span className="text-muted-foreground">{t.memories}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {brief.timeline.length > 0 && (
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Timeline
          </h3>
          <ol className="relative flex flex-col gap-3 border-l pl-4" aria-label="Timeline">
            {brief.timeline.map((e, i) => (
              <li key={i} className="text-sm">
                <span className="absolute -left-[5px] mt-1.5 size-2.5 rounded-full bg-primary" aria-hidden />
                <p className="flex items-center gap-1.5 font-medium">
                  <CalendarIcon className="size-3.5 text-muted-foreground" aria-hidden />
                  {e.date_text}
                </p>
                <p className="mt-0.5 leading-relaxed text-muted-foreground">
                  {e.text}{" "}
                  <CitationChip
                    title={e.memory_title}
                    anchor={e.anchor}
                    onOpen={() => onOpen(e.memory_id, e.anchor)}
                  />
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}
