import { useRef, type ReactNode } from "react";
import {
  ArrowUpIcon,
  AtSignIcon,
  GlobeIcon,
  Loader2Icon,
  PaperclipIcon,
  SparklesIcon,
  SquareIcon,
  XIcon,
} from "lucide-react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { VoiceInputButton } from "@/features/recording";
import { ContextChips, type ContextChip } from "./context-picker";

export type Attachment = {
  key: string;
  name: string;
  status: "uploading" | "ready" | "error";
  id?: string;
  error?: string;
};

export type ChatInputProps = {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  placeholder: string;
  /** Toolbar pieces (mode toggles, pickers); public visitors get none. */
  modes?: {
    creative: boolean;
    web: boolean;
    onCreative: () => void;
    onWeb: () => void;
    /** Why the Web toggle is disabled (no web search provider), when it is. */
    webUnavailable?: string;
    /** Why the Creative toggle is disabled (no generative model), when it is. */
    creativeUnavailable?: string;
  };
  pickers?: ReactNode;
  context?: { chips: ContextChip[]; onAdd: () => void; onRemove: (id: string) => void };
  attachments?: { items: Attachment[]; onPick: (files: File[]) => void; onRemove: (key: string) => void };
};

function Toggle({
  on,
  onClick,
  icon: Icon,
  label,
}: {
  on: boolean;
  onClick: () => void;
  icon: typeof GlobeIcon;
  label: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-pressed={on}
      aria-label={label}
      onClick={onClick}
      className={cn("h-8 gap-1 px-2 text-xs", on && "bg-primary/10 text-primary hover:bg-primary/15")}
    >
      <Icon className="size-3.5" /> <span className="hidden sm:inline">{label}</span>
    </Button>
  );
}

/** A mode toggle that cannot be used here: disabled, with the reason in its name and a tooltip. */
function UnavailableToggle({
  icon: Icon,
  label,
  reason,
}: {
  icon: typeof GlobeIcon;
  label: string;
  reason: string;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex" data-testid={`${label.toLowerCase()}-unavailable`}>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled
            aria-label={`${label} (unavailable: ${reason})`}
            className="h-8 gap-1 px-2 text-xs"
          >
            <Icon className="size-3.5" /> <span className="hidden sm:inline">{label}</span>
          </Button>
        </span>
      </TooltipTrigger>
      {/* A long reason wraps inside a phone's screen instead of running off its edge. */}
      <TooltipContent collisionPadding={8} className="max-w-[min(20rem,calc(100vw-1rem))]">
        {reason}
      </TooltipContent>
    </Tooltip>
  );
}

/** Chat input (spec 1 §2): Enter sends, Shift+Enter breaks the line; Stop while answering. */
export function ChatInput(p: ChatInputProps) {
  const files = useRef<HTMLInputElement>(null);
  const submit = () => {
    if (!p.busy) p.onSend();
  };
  return (
    <div
      className="rounded-2xl border bg-card shadow-sm focus-within:ring-2 focus-within:ring-ring/40"
      data-testid="chat-input"
    >
      {p.context && (
        <ContextChips
          chips={p.context.chips}
          onRemove={p.context.onRemove}
          limit={chatConstants.contextChipsVisible}
        />
      )}
      {p.attachments && p.attachments.items.length > 0 && (
        <ul className="flex flex-wrap items-center gap-1.5 px-3 pt-2" aria-label="Attached files">
          {p.attachments.items.map((a) => (
            <li
              key={a.key}
              className={cn(
                "inline-flex max-w-52 items-center gap-1 rounded-md border px-2 py-0.5 text-xs",
                a.status === "error" && "border-destructive text-destructive",
              )}
              title={a.error}
            >
              {a.status === "uploading" ? (
                <Loader2Icon className="size-3 animate-spin" />
              ) : (
                <PaperclipIcon className="size-3" />
              )}
              <span className="truncate">{a.name}</span>
              <button
                type="button"
                aria-label={`Remove ${a.name}`}
                onClick={() => p.attachments?.onRemove(a.key)}
              >
                <XIcon className="size-3" />
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => files.current?.click()}
              className="text-xs font-medium text-primary hover:underline"
            >
              {chatMessages.labels.addMore}
            </button>
          </li>
        </ul>
      )}
      <textarea
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
        rows={2}
        placeholder={p.placeholder}
        aria-label="Question"
        className="block field-sizing-content max-h-60 min-h-14 w-full resize-none bg-transparent px-4 pt-3 text-[15px] outline-none placeholder:text-muted-foreground"
      />
      <div className="flex items-center gap-0.5 px-2 pb-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-0.5">
          {p.context && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-8 gap-1 px-2 text-xs"
              onClick={p.context.onAdd}
              aria-label={chatMessages.addContext}
            >
              <AtSignIcon className="size-3.5" />{" "}
              <span className="hidden sm:inline">{chatMessages.addContext.replace("@ ", "")}</span>
            </Button>
          )}
          {p.modes && (
            <>
              {p.modes.creativeUnavailable ? (
                <UnavailableToggle
                  icon={SparklesIcon}
                  label="Creative"
                  reason={p.modes.creativeUnavailable}
                />
              ) : (
                <Toggle
                  on={p.modes.creative}
                  onClick={p.modes.onCreative}
                  icon={SparklesIcon}
                  label="Creative"
                />
              )}
              {p.modes.webUnavailable ? (
                <UnavailableToggle icon={GlobeIcon} label="Web" reason={p.modes.webUnavailable} />
              ) : (
                <Toggle on={p.modes.web} onClick={p.modes.onWeb} icon={GlobeIcon} label="Web" />
              )}
            </>
          )}
          {p.pickers}
          {p.attachments && (
            <>
              <input
                ref={files}
                type="file"
                multiple
                hidden
                data-testid="attach-input"
                onChange={(e) => {
                  p.attachments?.onPick([...(e.target.files ?? [])]);
                  e.target.value = "";
                }}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label="Attach files"
                onClick={() => files.current?.click()}
              >
                <PaperclipIcon className="size-4" />
              </Button>
            </>
          )}
          {p.modes && (
            <VoiceInputButton
              disabled={p.busy}
              onText={(text) => p.onChange(p.value.trim() ? `${p.value.trimEnd()} ${text}` : text)}
            />
          )}
        </div>
        {p.busy ? (
          <Button
            type="button"
            size="icon-sm"
            variant="secondary"
            onClick={p.onStop}
            aria-label="Stop response"
            className="rounded-full"
          >
            <SquareIcon className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button
            type="button"
            size="icon-sm"
            onClick={submit}
            aria-label="Send"
            className="rounded-full"
            disabled={!p.value.trim()}
          >
            <ArrowUpIcon className="size-4" />
          </Button>
        )}
      </div>
    </div>
  );
}
