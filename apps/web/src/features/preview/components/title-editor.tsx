import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckIcon, PencilIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { previewMessages } from "@mnemo/contracts";
import type { Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { renameSource } from "../api/edit-source";
import { sourceKey } from "../hooks/use-preview-data";
import { acceptedTitle, titleBoxWidthCh } from "../logic/title";
import { queryKeys } from "@/lib/query-keys";

/**
 * The title in the preview header; owners edit it inline (Enter saves, Escape cancels). A title
 * must not be empty; the server keeps a file's extension.
 */
export function TitleEditor({
  source,
  onEditing,
}: {
  source: Source;
  onEditing: (editing: boolean) => void;
}) {
  const qc = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = draft !== null;
  const setEditing = (value: string | null) => {
    setDraft(value);
    onEditing(value !== null);
  };
  const save = async () => {
    if (draft === null) return;
    const next = acceptedTitle(draft);
    if (next === null) return;
    if (next === source.title) return setEditing(null);
    setBusy(true);
    try {
      await renameSource(source.id, next);
      await Promise.all([
        qc.invalidateQueries({ queryKey: sourceKey(source.id) }),
        qc.invalidateQueries({ queryKey: queryKeys.sources.lists }),
      ]);
      setEditing(null);
    } catch {
      toast.error(previewMessages.titleEditFailed);
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <span className="truncate text-sm font-semibold" title={source.title}>
          {source.title || "Untitled"}
        </span>
        {source.policies.edit && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Edit title"
            onClick={() => setEditing(source.title)}
          >
            <PencilIcon aria-hidden />
          </Button>
        )}
      </div>
    );
  }
  const empty = acceptedTitle(draft) === null;
  return (
    <form
      className="flex min-w-0 items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        autoFocus
        aria-label="Title"
        aria-invalid={empty}
        aria-describedby={empty ? "title-required" : undefined}
        value={draft}
        disabled={busy}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            setEditing(null);
          }
        }}
        style={{ width: `${titleBoxWidthCh(draft)}ch` }}
        className="h-8 max-w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring aria-[invalid=true]:border-destructive"
      />
      <Button type="submit" variant="ghost" size="icon-sm" aria-label="Save title" disabled={busy || empty}>
        <CheckIcon aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        aria-label="Cancel editing title"
        onClick={() => setEditing(null)}
      >
        <XIcon aria-hidden />
      </Button>
      {empty && (
        <span id="title-required" role="alert" className="truncate text-xs text-destructive">
          {previewMessages.titleRequired}
        </span>
      )}
    </form>
  );
}
