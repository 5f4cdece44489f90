import { memo, useCallback } from "react";
import { Link } from "react-router";
import { AlertCircleIcon, BookmarkCheckIcon, SparklesIcon } from "lucide-react";
import { appSearchMessages, chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import type { ChatEntry } from "../logic/session";
import { chatErrorText, isDailyLimit } from "../logic/text";
import { ActionRow } from "./action-row";
import { EmailToolCall } from "./email-tool-call";
import { AnswerMarkdown } from "./answer-markdown";
import { useChatItemContext } from "./chat-item-context";
import { LoadingHint } from "./loading-hint";
import { QueryBubble } from "./query-bubble";
import { SimilarQuestions } from "./similar-questions";
import { SourcesRow } from "./sources-row";
import { ThoughtsPanel } from "./thoughts-panel";

/** One question and its answer (spec 1 §2 Chat item): loading, streaming, success, error, cancelled. */
export const ChatItem = memo(function ChatItem({ entry }: { entry: ChatEntry }) {
  const { item, key } = entry;
  const p = useChatItemContext();
  const { openSource: onOpenSource } = p.actions;
  const results = item.sources.results;
  const openCitation = useCallback(
    (n: number) => {
      const hit =
        results.find((r) => r.citation === n) ??
        (item.sourceIdMap[String(n)] ? results.find((r) => r.id === item.sourceIdMap[String(n)]) : undefined);
      if (hit) onOpenSource(hit);
    },
    [results, item.sourceIdMap, onOpenSource],
  );
  const live = item.status === "loading" || item.status === "streaming";
  const limit = isDailyLimit(item);
  return (
    <article
      className="flex flex-col gap-3"
      data-testid="chat-item"
      data-status={item.status}
      aria-busy={live}
    >
      <QueryBubble query={item.query} small={p.small} />
      {entry.demo && (
        <span className="w-fit rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-700 dark:text-amber-300">
          Demo
        </span>
      )}
      <ThoughtsPanel
        thoughts={item.chainOfThoughts}
        steps={item.toolSteps}
        thinking={item.isThinking}
        live={live}
      />
      {item.status === "loading" && <LoadingHint modes={p.modes} />}
      <SourcesRow results={results} relevant={item.sources.relevantResultsCount} onOpen={onOpenSource} />
      {item.appsNotSearched.length > 0 && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="note">
          <AlertCircleIcon className="size-3.5 shrink-0" aria-hidden />
          <span>
            {appSearchMessages.notSearched({ apps: item.appsNotSearched.join(", ") })}{" "}
            <Link to="/settings#integrations" className="underline">
              Open settings
            </Link>
          </span>
        </p>
      )}
      {item.response && (
        <div data-testid="answer">
          <AnswerMarkdown
            markdown={item.response}
            onCite={openCitation}
            streaming={item.status === "streaming"}
          />
        </div>
      )}
      {item.isEchoMemory && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="note">
          <BookmarkCheckIcon className="size-3.5 shrink-0" aria-hidden /> Saved to your memories.
        </p>
      )}
      {item.status === "cancelled" && (
        <p className="text-xs text-muted-foreground italic">Stopped. The answer so far is kept.</p>
      )}
      {item.status === "error" && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <AlertCircleIcon className="size-4 shrink-0 text-destructive" aria-hidden />
          <span className="min-w-0 flex-1">{chatErrorText(item)}</span>
          {limit ? (
            <Button asChild size="sm" variant="outline">
              <Link to={{ search: "?showPlans=true" }}>
                <SparklesIcon className="size-4" /> {chatMessages.labels.upgrade}
              </Link>
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => p.actions.retry(key)} disabled={p.busy}>
              {chatMessages.labels.retry}
            </Button>
          )}
        </div>
      )}
      {item.status === "success" && item.tool_call_tool_name === "send_email" && item.tool_call_params && (
        <EmailToolCall
          params={item.tool_call_params}
          disabled={p.busy || p.visitor}
          onModify={(prompt) => p.actions.modifyToolCall(key, prompt)}
          onExecute={() => p.actions.executeToolCall(key)}
        />
      )}
      {(item.status === "success" || item.status === "cancelled") && (
        <>
          {item.response && (
            <ActionRow
              query={item.query}
              answer={item.response}
              sources={results}
              sourceIdMap={item.sourceIdMap}
              vote={p.visitor ? null : entry.vote}
              saved={entry.savedSourceId !== null}
              llms={p.llms}
              visitor={p.visitor}
              onVote={(v) => p.actions.vote(key, v)}
              onSaved={(id) => p.actions.saved(key, id)}
              onRegenerate={p.busy ? undefined : (llm) => p.actions.regenerate(key, llm)}
              onLoginPrompt={p.actions.loginPrompt}
            />
          )}
          <SimilarQuestions
            questions={item.relatedQuestions}
            routing={item.is_agent_routing_followup_question}
            onAsk={p.actions.ask}
            disabled={p.busy}
          />
        </>
      )}
    </article>
  );
});
