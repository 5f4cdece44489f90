import { CornerDownRightIcon } from "lucide-react";
import { chatMessages } from "@mnemo/contracts/messages";

/** Similar Questions; for agent-routing follow-ups the heading is 'What's your choice?' (spec 1 §2). */
export function SimilarQuestions({
  questions,
  routing,
  onAsk,
  disabled,
}: {
  questions: string[];
  routing: boolean;
  onAsk: (q: string) => void;
  disabled: boolean;
}) {
  if (!questions.length) return null;
  return (
    <section aria-label={routing ? chatMessages.agentRoutingHeading : chatMessages.similarQuestions}>
      <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {routing ? chatMessages.agentRoutingHeading : chatMessages.similarQuestions}
      </h3>
      <ul className="divide-y rounded-lg border">
        {questions.map((q) => (
          <li key={q}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(q)}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-accent disabled:opacity-60"
            >
              <CornerDownRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              {q}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
