import { useState } from "react";
import { Loader2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * A form for free-text instructions the answers follow (a collection's custom instructions, the
 * user's generation instructions): a text area, Save (only when changed), Discard, and the length
 * against its limit. `saved` is what the server holds; the text resets when it changes.
 */
export function InstructionsForm({
  label,
  saved,
  max,
  placeholder,
  pending,
  onSave,
}: {
  label: string;
  saved: string;
  max: number;
  placeholder: string;
  pending: boolean;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(saved);
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    setText(saved);
  }
  const dirty = text.trim() !== saved.trim();
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) onSave(text.trim());
      }}
    >
      <textarea
        aria-label={label}
        rows={5}
        maxLength={max}
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={!dirty || pending}>
          {pending && <Loader2Icon className="animate-spin" aria-hidden />}
          Save instructions
        </Button>
        {dirty && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setText(saved)}>
            Discard
          </Button>
        )}
        <span className="ml-auto text-xs text-muted-foreground">
          {text.length.toLocaleString()} / {max.toLocaleString()}
        </span>
      </div>
    </form>
  );
}
