import { useEffect, useId, useRef, useState } from "react";
import {
  AlertCircleIcon,
  DownloadIcon,
  EyeIcon,
  FileTextIcon,
  Loader2Icon,
  PauseIcon,
  PlayIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  PencilIcon,
  Trash2Icon,
  LayersIcon,
} from "lucide-react";
import { toast } from "sonner";
import { reviewMessages, type ReviewCard, type ReviewGrade } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { LoadFailure, LoadingLine } from "@/components/ui/load-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";
import { downloadAnkiCsv } from "../api/review";
import {
  useDeleteCard,
  useGradeCard,
  useReviewCards,
  useReviewDue,
  useUpdateCard,
} from "../hooks/use-review";
import { dueText, grades, keyAction, nextDueText } from "../logic/review";

const fieldClass =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring";

/** Whether a key press lands in something that takes text (it is typing, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) || el.isContentEditable;
}

function EditCardDialog({ card, onClose }: { card: ReviewCard; onClose: () => void }) {
  const [front, setFront] = useState(card.front);
  const [back, setBack] = useState(card.back);
  const update = useUpdateCard();
  const frontId = useId();
  const backId = useId();
  const save = () =>
    update.mutate(
      { id: card.id, body: { front, back } },
      {
        onSuccess: () => {
          toast.success("Card saved.");
          onClose();
        },
        onError: (err) => toast.error(`The card could not be saved. ${errorMessage(err)}`),
      },
    );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit card</DialogTitle>
          <DialogDescription>From {card.memory_title || "a memory"}.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={frontId}>Question</Label>
            <textarea
              id={frontId}
              className={cn(fieldClass, "min-h-24")}
              value={front}
              maxLength={2000}
              onChange={(e) => setFront(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={backId}>Answer</Label>
            <textarea
              id={backId}
              className={cn(fieldClass, "min-h-16")}
              value={back}
              maxLength={2000}
              onChange={(e) => setBack(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!front.trim() || !back.trim() || update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteCardDialog({ card, onClose }: { card: ReviewCard; onClose: () => void }) {
  const remove = useDeleteCard();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this card?</DialogTitle>
          <DialogDescription>
            Its schedule goes with it. The memory stays; you can make its cards again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(card.id, {
                onSuccess: () => {
                  toast.success("Card deleted.");
                  onClose();
                },
                onError: (err) => toast.error(`The card could not be deleted. ${errorMessage(err)}`),
              })
            }
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One card: question, Show answer (Space), then the answer and Again/Hard/Good/Easy (1–4). */
function CardReview({ card, onOpenSource }: { card: ReviewCard; onOpenSource: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const grade = useGradeCard();
  const suspend = useUpdateCard();
  const answerRef = useRef<HTMLDivElement>(null);
  const busy = grade.isPending;
  const dialogOpen = editing || deleting;

  const doGrade = (g: ReviewGrade) => {
    if (busy) return;
    grade.mutate(
      { cardId: card.id, grade: g },
      { onError: (err) => toast.error(`The grade could not be saved. ${errorMessage(err)}`) },
    );
  };
  const reveal = () => {
    setRevealed(true);
    // The answer is read out when it appears (it is a live region).
    requestAnimationFrame(() => answerRef.current?.focus());
  };

  useEffect(() => {
    if (dialogOpen) return;
    const onKey = (e: KeyboardEvent) => {
      const action = keyAction(e, revealed, typingIn(e.target));
      if (!action) return;
      e.preventDefault();
      if (action.kind === "reveal") reveal();
      else doGrade(action.grade);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <article
      aria-label="Review card"
      data-testid="review-card"
      className="flex min-w-0 flex-col gap-5 rounded-xl border bg-card p-5 shadow-xs sm:p-8"
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <Button
          variant="link"
          size="sm"
          className="h-auto max-w-full min-w-0 justify-start p-0 text-muted-foreground"
          onClick={onOpenSource}
          aria-label={`Open the source passage in ${card.memory_title || "its memory"}`}
        >
          <FileTextIcon aria-hidden />
          <span className="truncate">{card.memory_title || "Untitled memory"}</span>
        </Button>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Edit card"
            title="Edit card"
            onClick={() => setEditing(true)}
          >
            <PencilIcon aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Suspend card"
            title="Suspend card (it is not shown again until you resume it)"
            disabled={suspend.isPending}
            onClick={() =>
              suspend.mutate(
                { id: card.id, body: { suspended: true } },
                {
                  onSuccess: () => toast.success("Card suspended. It is not shown for review."),
                  onError: (err) => toast.error(`The card could not be suspended. ${errorMessage(err)}`),
                },
              )
            }
          >
            <PauseIcon aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Delete card"
            title="Delete card"
            onClick={() => setDeleting(true)}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>

      <p
        className="text-lg leading-relaxed break-words sm:text-xl"
        data-testid="review-front"
        lang={card.language}
      >
        {card.front}
      </p>

      <div
        ref={answerRef}
        tabIndex={-1}
        aria-live="polite"
        className="min-w-0 outline-none"
        data-testid="review-answer"
      >
        {revealed && (
          <div className="grid gap-2 border-t pt-4">
            <p className="text-lg font-semibold break-words" lang={card.language}>
              {card.back}
            </p>
            {card.sentence !== card.front && (
              <p className="text-sm break-words text-muted-foreground" lang={card.language}>
                {card.sentence}
              </p>
            )}
          </div>
        )}
      </div>

      {revealed ? (
        <div
          role="group"
          aria-label="How well did you remember?"
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {grades.map((g) => (
            <Button
              key={g.grade}
              variant={g.grade === "good" ? "default" : "outline"}
              disabled={busy}
              onClick={() => doGrade(g.grade)}
              aria-keyshortcuts={g.key}
              aria-label={`${g.label} (key ${g.key})`}
              className="h-11"
            >
              {g.label}
              <kbd className="rounded border bg-muted px-1.5 text-xs text-muted-foreground">{g.key}</kbd>
            </Button>
          ))}
        </div>
      ) : (
        <Button className="h-11 self-stretch sm:self-start" onClick={reveal} aria-keyshortcuts="Space">
          <EyeIcon aria-hidden />
          Show answer
          <kbd className="rounded border border-primary-foreground/30 px-1.5 text-xs">Space</kbd>
        </Button>
      )}
      {editing && <EditCardDialog card={card} onClose={() => setEditing(false)} />}
      {deleting && <DeleteCardDialog card={card} onClose={() => setDeleting(false)} />}
    </article>
  );
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

/** Every card, suspended ones too: resume or suspend, delete, open its source. */
function AllCards({ total, onOpenSource }: { total: number; onOpenSource: (c: ReviewCard) => void }) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<ReviewCard | null>(null);
  const cards = useReviewCards(open);
  const update = useUpdateCard();
  const listId = useId();
  const toggleSuspend = (c: ReviewCard) =>
    update.mutate(
      { id: c.id, body: { suspended: !c.suspended } },
      {
        onSuccess: (card) => toast.success(card.suspended ? "Card suspended." : "Card resumed."),
        onError: (err) => toast.error(`The card could not be changed. ${errorMessage(err)}`),
      },
    );
  return (
    <section aria-label="All cards" className="grid gap-3">
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2 justify-self-start"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
        All cards ({total})
      </Button>
      {open && (
        <div id={listId}>
          {cards.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading cards…
            </p>
          ) : cards.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
              <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
              The cards could not be loaded.
              <Button size="sm" variant="outline" onClick={() => void cards.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <ul className="grid gap-2">
              {cards.data.map((c) => (
                <li
                  key={c.id}
                  className="flex min-w-0 flex-wrap items-start gap-2 rounded-lg border bg-background p-3"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="text-sm break-words" lang={c.language}>
                      {c.front}
                    </p>
                    <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                      <button
                        type="button"
                        className="cursor-pointer truncate underline-offset-2 hover:underline"
                        onClick={() => onOpenSource(c)}
                      >
                        {c.memory_title || "Untitled memory"}
                      </button>
                      <span>{c.suspended ? "Suspended" : `Due ${dayFormat.format(new Date(c.due))}`}</span>
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={update.isPending}
                    onClick={() => toggleSuspend(c)}
                    aria-label={`${c.suspended ? "Resume" : "Suspend"} ${c.front}`}
                  >
                    {c.suspended ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
                    {c.suspended ? "Resume" : "Suspend"}
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`Delete ${c.front}`}
                    title="Delete card"
                    onClick={() => setDeleting(c)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {deleting && <DeleteCardDialog card={deleting} onClose={() => setDeleting(null)} />}
    </section>
  );
}

/** The Review screen (issue 45): the due count, one card at a time, reveal, grade; export for Anki. */
export function ReviewPage() {
  const due = useReviewDue();
  const { openPreview } = usePreviewParam();
  const [exporting, setExporting] = useState(false);
  const [now] = useState(() => Date.now());
  const card = due.data?.cards[0];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAnkiCsv();
    } catch (err) {
      toast.error(`The cards could not be exported. ${errorMessage(err)}`);
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (due.isPending) body = <LoadingLine>Loading review cards…</LoadingLine>;
  else if (due.isError) body = <LoadFailure what="Review cards" onRetry={() => void due.refetch()} />;
  else if (!card)
    body = (
      <EmptyState
        icon={LayersIcon}
        title={reviewMessages.nothingDue}
        description={
          due.data.total > 0
            ? (nextDueText(due.data.next_due_at, now) ?? "Every card is suspended.")
            : reviewMessages.howToMake
        }
      />
    );
  else
    body = (
      <CardReview key={card.id} card={card} onOpenSource={() => openPreview(card.memory_id, card.anchor)} />
    );

  return (
    <div className="mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-6">
      <PageHeader
        title="Review"
        description="Questions made from your memories' own sentences, one at a time."
        actions={
          <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
            <DownloadIcon aria-hidden />
            Export for Anki
          </Button>
        }
      />
      {card && (
        <p className="text-sm font-medium" role="status" data-testid="review-due-count">
          {dueText(due.data?.due_count ?? 0)}
        </p>
      )}
      {body}
      {card && (
        <p className="hidden text-xs text-muted-foreground sm:block">
          Keys: Space shows the answer; 1 Again, 2 Hard, 3 Good, 4 Easy.
        </p>
      )}
      {due.isSuccess && due.data.total > 0 && (
        <AllCards total={due.data.total} onOpenSource={(c) => openPreview(c.memory_id, c.anchor)} />
      )}
    </div>
  );
}
