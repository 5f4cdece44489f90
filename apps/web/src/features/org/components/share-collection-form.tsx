import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { endpoints, type Organization } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { shareCollection } from "../api/orgs";

/** Shares one of the user's collections with every member of the organisation. */
export function ShareCollectionForm({ organization }: { organization: Organization }) {
  const { data } = useQuery({
    queryKey: ["org", "own-collections"],
    queryFn: ({ signal }) => api.request(endpoints.collections.list, { signal }),
  });
  const own = (data?.collections ?? []).filter((c) => c.policies.share);
  const [collectionId, setCollectionId] = useState("");
  const [access, setAccess] = useState<"read" | "write">("read");
  const share = useMutation({
    mutationFn: () => shareCollection(organization.id, collectionId, access),
    onSuccess: () => toast.success(`Shared with ${organization.name}.`),
    onError: (err: Error) => toast.error(err.message),
  });
  if (own.length === 0) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (collectionId) share.mutate();
  };
  const selectClass = "h-9 rounded-md border bg-background px-2 text-sm";
  return (
    <form
      onSubmit={submit}
      className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3 text-sm"
      aria-label={`Share a collection with ${organization.name}`}
    >
      <label className="sr-only" htmlFor={`share-${organization.id}`}>
        Collection
      </label>
      <select
        id={`share-${organization.id}`}
        className={selectClass}
        value={collectionId}
        onChange={(e) => setCollectionId(e.target.value)}
      >
        <option value="">Share a collection…</option>
        {own.map((c) => (
          <option key={c.collection_id} value={c.collection_id}>
            {c.collection_name}
          </option>
        ))}
      </select>
      <select
        aria-label="Access"
        className={selectClass}
        value={access}
        onChange={(e) => setAccess(e.target.value as "read" | "write")}
      >
        <option value="read">Can view</option>
        <option value="write">Can add memories</option>
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={!collectionId || share.isPending}>
        Share with organisation
      </Button>
    </form>
  );
}
