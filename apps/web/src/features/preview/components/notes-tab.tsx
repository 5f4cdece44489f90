import { useEffect, useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { previewMessages } from "@mnemo/contracts";
import type { Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { updateDescription, updateNote } from "../api/edit-source";
import { sourceKey } from "../hooks/use-preview-data";
import { queryKeys } from "@/lib/query-keys";

/** A text area whose Save Changes button shows only while the text differs from the saved one. */
function SavedText({
  label,
  saved,
  placeholder,
  disabled,
  onSave,
  failure,
  rows,
}: {
  label: string;
  saved: string;
  placeholder: string;
  disabled: boolean;
  onSave: (text: string) => Promise<unknown>;
  failure: string;
  rows: number;
}) {
  const id = useId();
  const [text, setText] = useState(saved);
  const [base, setBase] = useState(saved);
  const [busy, setBusy] = useState(false);
  // "Changes saved." after a save, until the text is edited again (issue 41).
  const [savedNow, setSavedNow] = useState(false);
  useEffect(() => {
    // A newer saved value from the server replaces the text only when nothing was typed.
    setText((t) => (t === base ? saved : t));
    setBase(saved);
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  const changed = text !== base;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSavedNow(false);
        }}
        placeholder={placeholder}
        disabled={disabled}
        rows={rows}
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:opacity-60"
      />
      {changed && (
        <Button
          size="sm"
          className="self-end"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onSave(text)
              .then(() => {
                setBase(text);
                setSavedNow(true);
              })
              .catch(() => toast.error(failure))
              .finally(() => setBusy(false));
          }}
        >
          {previewMessages.saveChanges}
        </Button>
      )}
      {!changed && savedNow && (
        <p role="status" className="self-end text-sm text-muted-foreground">
          {previewMessages.changesSaved}
        </p>
      )}
    </div>
  );
}

/** Notes tab: the memory's note and its description, each saved on request. */
export function NotesTab({ source }: { source: Source }) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: sourceKey(source.id) });
    void qc.invalidateQueries({ queryKey: queryKeys.sources.lists });
  };
  // The two texts a memory carries (spec 2 §2 Notes tab): what each is, its box height and save call.
  const fields = [
    ["Note", source.note, "Write a note about this memory", 8, previewMessages.noteSaveFailed, updateNote],
    [
      "Description",
      source.description,
      "Describe this memory",
      4,
      previewMessages.descriptionUpdateFailed,
      updateDescription,
    ],
  ] as const;
  return (
    <div className="flex flex-col gap-6 p-4">
      {fields.map(([label, saved, placeholder, rows, failure, save]) => (
        <SavedText
          key={label}
          label={label}
          saved={saved}
          placeholder={placeholder}
          disabled={!source.policies.edit}
          rows={rows}
          failure={failure}
          onSave={(t) => save(source.id, t).then(refresh)}
        />
      ))}
    </div>
  );
}
