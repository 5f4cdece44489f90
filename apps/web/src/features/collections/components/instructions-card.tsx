import { useState } from "react";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import type { Collection } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api";
import { useSetInstructions } from "../hooks/use-collections";

/** Custom instructions the answers over this collection follow; admins edit them, others read them. */
export function InstructionsCard({ collection }: { collection: Collection }) {
  const saved = collection.custom_instructions;
  const [text, setText] = useState(saved);
  const save = useSetInstructions(collection.collection_id);
  const isAdmin = collection.policies.update;
  const dirty = text.trim() !== saved.trim();

  return (
    <SectionCard
      title="Custom instructions"
      description="Answers in this collection's chat follow these instructions."
    >
      {isAdmin ? (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(text.trim(), {
              onSuccess: () => toast.success("Custom instructions saved."),
              onError: (err) =>
                toast.error(errorMessage(err, "Failed to save custom instructions. Please try again.")),
            });
          }}
        >
          <textarea
            aria-label="Custom instructions"
            rows={5}
            maxLength={8000}
            value={text}
            placeholder="For example: answer in French and cite the policy number."
            onChange={(e) => setText(e.target.value)}
            className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring"
          />
          <div className="flex items-center gap-2">
            <Button type="submit" size="sm" disabled={!dirty || save.isPending}>
              {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Save instructions
            </Button>
            {dirty && (
              <Button size="sm" variant="ghost" onClick={() => setText(saved)}>
                Discard
              </Button>
            )}
          </div>
        </form>
      ) : saved ? (
        <p className="text-sm whitespace-pre-wrap">{saved}</p>
      ) : (
        <p className="text-sm text-muted-foreground">None set.</p>
      )}
    </SectionCard>
  );
}
