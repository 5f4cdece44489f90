import { useEffect, useState } from "react";
import { Loader2Icon, MailIcon, PencilIcon, SendIcon } from "lucide-react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

const field = (params: Record<string, unknown>, k: string) =>
  typeof params[k] === "string" ? params[k] : "";

/**
 * An e-mail an agent proposed (spec 1 §2, §4): its fields, Modify (a prompt box: Enter submits,
 * Shift+Enter does not; 'Modifying...' while it runs) and Execute ('Executing...', then the
 * server's message for 10 s). Nothing is sent without Execute.
 */
export function EmailToolCall({
  params,
  disabled,
  onModify,
  onExecute,
}: {
  params: Record<string, unknown>;
  disabled: boolean;
  onModify: (prompt: string) => void;
  onExecute: () => Promise<{ success: boolean; message: string }>;
}) {
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [exec, setExec] = useState<"idle" | "executing">("idle");
  const [result, setResult] = useState<{ success: boolean; message: string } | null>(null);
  useEffect(() => {
    if (!result) return;
    const t = setTimeout(() => setResult(null), chatConstants.executeMessageClearMs);
    return () => clearTimeout(t);
  }, [result]);

  const submit = () => {
    const text = prompt.trim();
    if (!text) return setError(chatMessages.enterModifications);
    setOpen(false);
    setPrompt("");
    setError(null);
    onModify(text);
  };
  const execute = async () => {
    setExec("executing");
    try {
      setResult(await onExecute());
    } catch (err) {
      setResult({
        success: false,
        message: chatMessages.sendEmailFailedWith({ serverMessage: (err as Error).message }),
      });
    } finally {
      setExec("idle");
    }
  };
  return (
    <section
      className="rounded-lg border bg-card p-3 text-sm"
      data-testid="email-tool-call"
      aria-label="Proposed e-mail"
    >
      <div className="mb-2 flex items-center gap-2 font-medium">
        <MailIcon className="size-4" aria-hidden /> E-mail
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 break-all" data-testid="email-to">
          {field(params, "to")}
        </dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="min-w-0 break-words" data-testid="email-subject">
          {field(params, "subject")}
        </dd>
      </dl>
      <p className="mt-2 whitespace-pre-wrap rounded-md bg-muted/40 p-2" data-testid="email-body">
        {field(params, "body")}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpen(true)}
          disabled={disabled || exec === "executing"}
        >
          <PencilIcon className="size-4" /> {open ? chatMessages.modifying : chatMessages.labels.modify}
        </Button>
        <Button size="sm" onClick={() => void execute()} disabled={disabled || exec === "executing"}>
          {exec === "executing" ? (
            <Loader2Icon className="size-4 animate-spin" />
          ) : (
            <SendIcon className="size-4" />
          )}
          {exec === "executing" ? chatMessages.executing : chatMessages.labels.execute}
        </Button>
        {result && (
          <span
            role="status"
            className={cn(
              "text-xs",
              result.success ? "text-green-700 dark:text-green-400" : "text-destructive",
            )}
          >
            {result.message}
          </span>
        )}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{chatMessages.labels.modify}</DialogTitle>
          </DialogHeader>
          <textarea
            aria-label="Your modifications"
            className="min-h-24 w-full rounded-md border bg-background p-2 text-sm"
            value={prompt}
            autoFocus
            onChange={(e) => {
              setPrompt(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            placeholder="What should change?"
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit}>{chatMessages.labels.modify}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
