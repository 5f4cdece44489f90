import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon, PlusIcon } from "lucide-react";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SearchInput } from "@/components/ui/input";
import { openUploadDialog } from "@/features/upload";
import { searchMemories } from "../api/chats";

export type ContextChip = { id: string; title: string; type: "source" | "collection" };

/** '@ Add Context' popup: memory search (POST /api/sources/search) and a New button (spec 1 §2). */
export function ContextPicker({
  open,
  onOpenChange,
  selected,
  onToggle,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  selected: ContextChip[];
  onToggle: (c: ContextChip) => void;
}) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useQuery({
    queryKey: ["chat", "context-search", query],
    queryFn: ({ signal }) => searchMemories(query, signal),
    enabled: open && query.length > 0,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{chatMessages.addContext.replace("@ ", "")}</DialogTitle>
        </DialogHeader>
        <div className="flex gap-2">
          <SearchInput
            className="min-w-0 flex-1"
            type="text"
            autoFocus
            value={text}
            onChange={setText}
            placeholder="Search your memories"
            label="Search memories"
          />
          <Button
            variant="outline"
            onClick={() => {
              onOpenChange(false);
              openUploadDialog();
            }}
          >
            <PlusIcon className="size-4" /> New
          </Button>
        </div>
        <ul className="max-h-72 overflow-y-auto" aria-label="Memories">
          {results.isFetching && (
            <li className="flex items-center gap-2 p-2 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" /> Searching...
            </li>
          )}
          {!query && (
            <li className="p-2 text-sm text-muted-foreground">Type to find memories to ask about.</li>
          )}
          {query && results.data?.results.length === 0 && (
            <li className="p-2 text-sm text-muted-foreground">No memories match “{query}”.</li>
          )}
          {results.data?.results.map((s) => {
            const on = selected.some((c) => c.id === s.id);
            return (
              <li key={s.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => onToggle({ id: s.id, title: s.title, type: "source" })}
                    className="size-4 accent-primary"
                  />
                  <span className="truncate">{s.title}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{s.type}</span>
                </label>
              </li>
            );
          })}
        </ul>
        <div className="flex justify-end">
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Context chips: the first 5, then '+n more' / View less (spec 1 §2, §9). */
export function ContextChips({
  chips,
  onRemove,
  limit,
}: {
  chips: ContextChip[];
  onRemove: (id: string) => void;
  limit: number;
}) {
  const [all, setAll] = useState(false);
  if (!chips.length) return null;
  const shown = all ? chips : chips.slice(0, limit);
  return (
    <div className="flex flex-wrap items-center gap-1.5 px-3 pt-2" data-testid="context-chips">
      {shown.map((c) => (
        <span
          key={c.id}
          className="inline-flex max-w-48 items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-1 pl-2 text-xs"
        >
          <span className="truncate">{c.title}</span>
          <button
            type="button"
            onClick={() => onRemove(c.id)}
            aria-label={`Remove ${c.title}`}
            className="rounded-full px-1 text-muted-foreground hover:text-foreground"
          >
            ×
          </button>
        </span>
      ))}
      {chips.length > limit && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          className="text-xs font-medium text-primary hover:underline"
        >
          {all ? chatMessages.labels.viewLess : chatMessages.moreContext({ n: chips.length - limit })}
        </button>
      )}
    </div>
  );
}
