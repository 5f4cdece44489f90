import { toast } from "sonner";
import type { Collection } from "@mnemo/contracts";
import { InstructionsForm } from "@/components/instructions-form";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api";
import { useSetInstructions } from "../hooks/use-collections";

/** Custom instructions the answers over this collection follow; admins edit them, others read them. */
export function InstructionsCard({ collection }: { collection: Collection }) {
  const saved = collection.custom_instructions;
  const save = useSetInstructions(collection.collection_id);
  const isAdmin = collection.policies.update;

  return (
    <SectionCard
      title="Custom instructions"
      description="Answers in this collection's chat follow these instructions."
    >
      {isAdmin ? (
        <InstructionsForm
          label="Custom instructions"
          saved={saved}
          max={8000}
          placeholder="For example: answer in French and cite the policy number."
          pending={save.isPending}
          onSave={(text) =>
            save.mutate(text, {
              onSuccess: () => toast.success("Custom instructions saved."),
              onError: (err) =>
                toast.error(errorMessage(err, "Failed to save custom instructions. Please try again.")),
            })
          }
        />
      ) : saved ? (
        <p className="text-sm whitespace-pre-wrap">{saved}</p>
      ) : (
        <p className="text-sm text-muted-foreground">None set.</p>
      )}
    </SectionCard>
  );
}
