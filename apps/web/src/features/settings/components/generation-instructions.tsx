import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { getGenerationInstructions, saveGenerationInstructions } from "../api/generation-instructions";

const key = ["settings", "generation-instructions"] as const;
const MAX = 20_000;

/**
 * The user's generation instructions (spec 1 §3 chat request, §7): how every answer should be
 * written. They join the prompt of generative models; the built-in extractive engine quotes the
 * memories as they are, so it does not follow them.
 */
export function GenerationInstructions() {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: key, queryFn: ({ signal }) => getGenerationInstructions(signal) });
  const [text, setText] = useState("");
  useEffect(() => {
    if (saved.data !== undefined) setText(saved.data);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: saveGenerationInstructions,
    onSuccess: (value) => {
      queryClient.setQueryData(key, value);
      toast.success("Generation instructions saved.");
    },
    onError: (err) =>
      toast.error(errorMessage(err, "Failed to save generation instructions. Please try again.")),
  });
  if (saved.isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" /> Loading…
      </p>
    );
  if (saved.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your generation instructions could not be loaded.{" "}
        <button type="button" className="underline" onClick={() => void saved.refetch()}>
          Retry
        </button>
      </p>
    );
  const dirty = text.trim() !== (saved.data ?? "").trim();
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) save.mutate(text.trim());
      }}
    >
      <textarea
        aria-label="Generation instructions"
        rows={5}
        maxLength={MAX}
        value={text}
        placeholder="For example: answer in short bullet points and end with the next step."
        onChange={(e) => setText(e.target.value)}
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={!dirty || save.isPending}>
          {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Save instructions
        </Button>
        {dirty && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setText(saved.data ?? "")}>
            Discard
          </Button>
        )}
        <span className="ml-auto text-xs text-muted-foreground">
          {text.length.toLocaleString()} / {MAX.toLocaleString()}
        </span>
      </div>
    </form>
  );
}
