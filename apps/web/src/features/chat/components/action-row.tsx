import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  CheckIcon,
  CopyIcon,
  Loader2Icon,
  RefreshCwIcon,
  SaveIcon,
  ThumbsDownIcon,
  ThumbsUpIcon,
} from "lucide-react";
import { toast } from "sonner";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { chatMessages } from "@mnemo/contracts/messages";
import type { LlmOption } from "@mnemo/contracts/llm";
import type { SourceResult } from "@mnemo/contracts/chat";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { parseMarkdownToBlocks, savePage } from "@/features/pages";
import { refreshMemoryLists } from "@/lib/query-keys";
import { reportError } from "@/lib/report-error";
import { cn } from "@/lib/utils";
import { markdownToPlainText, savedMemoryMarkdown, savedMemoryTitle } from "../logic/text";

export type ActionRowProps = {
  query: string;
  answer: string;
  /** The answer's sources and citation map: Save as memory keeps them as a reference list. */
  sources: SourceResult[];
  sourceIdMap: Record<string, string>;
  vote: 1 | -1 | null;
  /** The answer was already saved as a memory (remembered when the chat is reopened). */
  saved: boolean;
  llms: LlmOption[];
  /** Public visitors: sending, voting and saving prompt login; Regenerate is hidden (spec 1 §6). */
  visitor: boolean;
  onVote: (v: 1 | -1 | null) => void;
  /** The answer was saved as the memory `sourceId`. */
  onSaved: (sourceId: string) => void;
  onRegenerate?: (llm: string | null) => void;
  onLoginPrompt: () => void;
};

const iconBtn = "size-8 text-muted-foreground hover:text-foreground";

const votes = [
  { value: 1, label: "Good answer", Icon: ThumbsUpIcon },
  { value: -1, label: "Bad answer", Icon: ThumbsDownIcon },
] as const;

/** Copy menu, Save as memory, Regenerate with a model picker, thumbs up and down (spec 1 §2). */
export function ActionRow({
  query,
  answer,
  sources,
  sourceIdMap,
  vote,
  saved,
  llms,
  visitor,
  onVote,
  onSaved,
  onRegenerate,
  onLoginPrompt,
}: ActionRowProps) {
  const [copied, setCopied] = useState(false);
  const [saving, setSave] = useState<"idle" | "saving" | "saved">("idle");
  const save = saved && !visitor ? "saved" : saving;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), chatConstants.copyConfirmationMs);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (err) {
      // Spec 1 §8: copy failures are reported to error reporting only.
      reportError(err, { action: "copy answer" });
    }
  };
  const saveAsMemory = async () => {
    if (visitor) return onLoginPrompt();
    if (save !== "idle") return;
    setSave("saving");
    try {
      const markdown = savedMemoryMarkdown(query, answer, sources, sourceIdMap);
      const blocks = await parseMarkdownToBlocks(markdown);
      const page = await savePage({ title: savedMemoryTitle(query), blocks, markdown });
      setSave("saved");
      onSaved(page.id);
      void refreshMemoryLists(queryClient);
    } catch (err) {
      reportError(err, { action: "save answer as memory" });
      toast.error(chatMessages.savePageFromChatFailed);
      setSave("idle");
    }
  };
  const voteOn = (v: 1 | -1) => (visitor ? onLoginPrompt() : onVote(vote === v ? null : v));

  return (
    <div className="flex flex-wrap items-center gap-0.5" data-testid="action-row">
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className={iconBtn}
            aria-label={copied ? "Copied" : "Copy"}
            title={copied ? "Copied" : "Copy"}
          >
            {copied ? <CheckIcon className="size-4 text-green-600" /> : <CopyIcon className="size-4" />}
          </Button>
        </Menu.Trigger>
        <Menu.Content align="start">
          <Menu.Item onSelect={() => void copy(answer)}>{chatMessages.copyMarkdown}</Menu.Item>
          <Menu.Item onSelect={() => void copy(markdownToPlainText(answer))}>
            {chatMessages.copyPlainText}
          </Menu.Item>
        </Menu.Content>
      </Menu.Root>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 gap-1.5 text-muted-foreground"
        onClick={() => void saveAsMemory()}
        disabled={save === "saving"}
        data-state={save}
      >
        {save === "saving" ? (
          <Loader2Icon className="size-4 animate-spin" />
        ) : save === "saved" ? (
          <CheckIcon className="size-4 text-green-600" />
        ) : (
          <SaveIcon className="size-4" />
        )}
        {save === "saved" ? "Saved" : chatMessages.saveAsMemory}
      </Button>
      {!visitor && onRegenerate && (
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button
              variant="ghost"
              size="sm"
              className="h-8 gap-1.5 text-muted-foreground"
              title={chatMessages.regenerate}
            >
              <RefreshCwIcon className="size-4" />
              {/* Icon only on phones, so the thumbs stay on the row. */}
              <span className="sr-only sm:not-sr-only">{chatMessages.regenerate}</span>
            </Button>
          </Menu.Trigger>
          <Menu.Content align="start">
            <Menu.Label>Regenerate with</Menu.Label>
            <Menu.Separator />
            {llms.length === 0 && <Menu.Item onSelect={() => onRegenerate(null)}>Same model</Menu.Item>}
            {llms.map((m) => (
              <Menu.Item key={m.id} disabled={!m.is_active} onSelect={() => onRegenerate(m.id)}>
                {m.name}
                {!m.is_active && (
                  <span className="ml-auto text-xs text-muted-foreground">
                    {chatMessages.modelUnavailable}
                  </span>
                )}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Root>
      )}
      {votes.map(({ value, label, Icon }) => (
        <Button
          key={value}
          variant="ghost"
          size="icon"
          className={cn(iconBtn, vote === value && "text-primary")}
          aria-label={label}
          aria-pressed={vote === value}
          onClick={() => voteOn(value)}
        >
          <Icon className={cn("size-4", vote === value && "fill-current")} />
        </Button>
      ))}
    </div>
  );
}
