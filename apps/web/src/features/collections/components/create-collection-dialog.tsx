import { useState, type FormEvent } from "react";
import { Loader2Icon } from "lucide-react";
import { collectionMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/form-field";
import { ApiError } from "@/lib/api";
import { useMe } from "@/features/users";
import { useCollections, useCreateCollection } from "../hooks/use-collections";
import { collectionNameError } from "../logic/name";

const labels = collectionMessages.createModal;

/** The server's message when it is the spec's (duplicate name, plan limit); otherwise the spec's failure text. */
function createErrorMessage(err: unknown): { field: "name" | "form"; message: string } {
  if (err instanceof ApiError && err.code === "conflict")
    return { field: "name", message: collectionMessages.nameExists };
  if (err instanceof ApiError && err.code === "plan_limit") return { field: "form", message: err.message };
  if (err instanceof ApiError && err.code === "validation" && err.message === collectionMessages.nameRequired)
    return { field: "name", message: err.message };
  return { field: "form", message: collectionMessages.createFailed };
}

/**
 * Create new collection modal (spec 2 §2, §5): Collection name (required) and Description
 * (optional); Cancel and Create. Errors clear as soon as the person types.
 */
export function CreateCollectionDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (c: { collection_id: string; collection_name: string }) => void;
}) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { data: me } = useMe();
  const { data: collections } = useCollections();
  const create = useCreateCollection();

  const reset = () => {
    setName("");
    setDescription("");
    setNameError(null);
    setFormError(null);
    create.reset();
  };
  const change = (o: boolean) => {
    if (!o) reset();
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const owned = (collections ?? [])
      .filter((c) => !me || c.owner_email === me.email)
      .map((c) => c.collection_name);
    const err = collectionNameError(name, owned);
    if (err) {
      setNameError(err);
      return;
    }
    try {
      const r = await create.mutateAsync({ name: name.trim(), description: description.trim() });
      const created = { collection_id: r.collection_id, collection_name: name.trim() };
      change(false);
      onCreated?.(created);
    } catch (error) {
      const m = createErrorMessage(error);
      if (m.field === "name") setNameError(m.message);
      else setFormError(m.message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create new collection</DialogTitle>
          <DialogDescription>
            Group related memories to search, chat and share them together.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            label={labels.name}
            value={name}
            autoFocus
            maxLength={200}
            error={nameError ?? undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
              setFormError(null);
            }}
          />
          <FormField
            label={`${labels.description} (optional)`}
            value={description}
            maxLength={2000}
            onChange={(e) => {
              setDescription(e.target.value);
              setFormError(null);
            }}
          />
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => change(false)}>
              {labels.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              {labels.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
