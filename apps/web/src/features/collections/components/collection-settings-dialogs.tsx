import { useState, type FormEvent } from "react";
import { Loader2Icon } from "lucide-react";
import { collectionMessages, type Collection } from "@mnemo/contracts";
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
import { ApiError, errorMessage } from "@/lib/api";
import { useDeleteCollection, useUpdateCollection } from "../hooks/use-collections";
import { collectionNameError } from "../logic/name";

/** Rename (and re-describe) a collection; the same name rules as creation. */
export function RenameCollectionDialog({
  collection,
  siblings,
  open,
  onOpenChange,
}: {
  collection: Collection;
  siblings: string[];
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [name, setName] = useState(collection.collection_name);
  const [description, setDescription] = useState(collection.description);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCollection(collection.collection_id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const err = collectionNameError(
      name,
      siblings.filter((n) => n !== collection.collection_name),
    );
    if (err) return setError(err);
    try {
      await update.mutateAsync({ name: name.trim(), description: description.trim() });
      onOpenChange(false);
    } catch (x) {
      setError(
        x instanceof ApiError && x.code === "conflict" ? collectionMessages.nameExists : errorMessage(x),
      );
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename collection</DialogTitle>
          <DialogDescription>Members see the new name at once.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            label={collectionMessages.createModal.name}
            value={name}
            maxLength={200}
            error={error ?? undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
          <FormField
            label={`${collectionMessages.createModal.description} (optional)`}
            value={description}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Confirms deleting a collection; its memories stay in the wall. */
export function DeleteCollectionDialog({
  collection,
  open,
  onOpenChange,
  onDeleted,
}: {
  collection: Collection;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDeleted: () => void;
}) {
  const del = useDeleteCollection();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={(o) => !del.isPending && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete “{collection.collection_name}”?</DialogTitle>
          <DialogDescription>
            The collection and its sharing go away for every member. Its memories stay in your wall.
          </DialogDescription>
        </DialogHeader>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={del.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={del.isPending}
            onClick={() =>
              del.mutate(collection.collection_id, {
                onSuccess: onDeleted,
                onError: (err) => setError(errorMessage(err)),
              })
            }
          >
            {del.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Delete collection
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
