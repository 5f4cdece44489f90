import { useState, type FormEvent } from "react";
import { PlusIcon, XIcon } from "lucide-react";
import {
  canAddLink,
  linkDialogCapacity,
  socialNetworkHint,
  validateLink,
  validateLinkDialogDone,
} from "@mnemo/contracts/links";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export interface LinkEntry {
  link: string;
  note: string;
}

function SocialHint({ link }: { link: string }) {
  const hint = socialNetworkHint(link);
  if (!hint) return null;
  return <p className="text-xs text-amber-700 dark:text-amber-400">{hint.message}</p>;
}

/**
 * Add Links dialog (spec 2 §2, §5 Links): links are validated as typed-in (contracts'
 * validateLink) against the links held here and those already in the upload list; it holds 4.
 */
export function AddLinksDialog({
  open,
  onOpenChange,
  existingLinks,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  existingLinks: readonly string[];
  onDone: (links: LinkEntry[]) => void;
}) {
  const [held, setHeld] = useState<LinkEntry[]>([]);
  const [input, setInput] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setHeld([]);
    setInput("");
    setNote("");
    setError(null);
  };
  const known = () => [...held.map((h) => h.link), ...existingLinks];

  const addPending = (): LinkEntry | null | "error" => {
    if (!canAddLink(held.length)) {
      setError(linkDialogCapacity.message);
      return "error";
    }
    const check = validateLink(input, known());
    if (!check.ok) {
      setError(check.message);
      return "error";
    }
    const entry = { link: check.url, note: note.trim() };
    setHeld((h) => [...h, entry]);
    setInput("");
    setNote("");
    setError(null);
    return entry;
  };

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    addPending();
  };

  const onDoneClick = () => {
    const check = validateLinkDialogDone(
      held.map((h) => h.link),
      input,
    );
    if (!check.ok) {
      setError(check.message);
      return;
    }
    let links = held;
    if (input.trim()) {
      const added = addPending();
      if (added === "error" || added === null) return;
      links = [...held, added];
    }
    onDone(links);
    reset();
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Links</DialogTitle>
          <DialogDescription>Paste web pages or YouTube videos. A note is optional.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onAdd} className="flex flex-col gap-3" noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="add-link-url">Link</Label>
            <Input
              id="add-link-url"
              value={input}
              placeholder="https://"
              autoComplete="off"
              inputMode="url"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "add-link-error" : undefined}
              onChange={(e) => {
                setInput(e.target.value);
                setError(null);
              }}
            />
            <SocialHint link={input} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="add-link-note">Note (optional)</Label>
            <Input
              id="add-link-note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Why this link matters"
            />
          </div>
          {error && (
            <p id="add-link-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" variant="outline" className="self-start">
            <PlusIcon aria-hidden /> Add link
          </Button>
        </form>
        {held.length > 0 && (
          <ul aria-label="Links to save" className="flex flex-col gap-2">
            {held.map((h) => (
              <li key={h.link} className="flex flex-col gap-1 rounded-md border px-3 py-2">
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm">{h.link}</span>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${h.link}`}
                    onClick={() => setHeld((all) => all.filter((x) => x.link !== h.link))}
                  >
                    <XIcon />
                  </Button>
                </div>
                {h.note && <p className="truncate text-xs text-muted-foreground">Note: {h.note}</p>}
                <SocialHint link={h.link} />
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onDoneClick}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
