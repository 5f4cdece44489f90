import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { InstructionsForm } from "@/components/instructions-form";
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
  return (
    <InstructionsForm
      label="Generation instructions"
      saved={saved.data ?? ""}
      max={MAX}
      placeholder="For example: answer in short bullet points and end with the next step."
      pending={save.isPending}
      onSave={(text) => save.mutate(text)}
    />
  );
}
