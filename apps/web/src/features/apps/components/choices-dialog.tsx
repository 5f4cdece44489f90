import { useEffect, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import type { ConnectedAccount } from "@mnemo/contracts";
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
import { ApiError } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { setSyncChoices, syncChoices } from "../api/apps";
import {
  choicePayload,
  filterChoices,
  initialChoice,
  toggleChoice,
  type ChoiceState,
} from "../logic/choices";

/**
 * Choose what an account syncs (Slack: its channels). "Everything" is the default and takes in new
 * items as they appear; "Only these" syncs exactly the ticked ones. Saving queues a sync; what was
 * already brought in stays.
 */
export function ChoicesDialog({
  account,
  onOpenChange,
}: {
  account: ConnectedAccount | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const listId = useId();
  const choices = useQuery({
    queryKey: queryKeys.apps.choices(account?.id ?? ""),
    queryFn: ({ signal }) => syncChoices(account!.id, signal),
    enabled: !!account,
    staleTime: 0,
  });
  const [state, setState] = useState<ChoiceState | null>(null);
  const [filter, setFilter] = useState("");
  useEffect(() => {
    if (choices.data) setState(initialChoice(choices.data));
  }, [choices.data]);
  useEffect(() => {
    if (!account) {
      setState(null);
      setFilter("");
    }
  }, [account]);
  const save = useMutation({
    mutationFn: (chosen: string[] | null) => setSyncChoices(account!.id, chosen),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.apps.accounts });
      await queryClient.invalidateQueries({ queryKey: queryKeys.apps.choices(account!.id) });
      toast.success("Saved. Syncing the chosen items now.");
      onOpenChange(false);
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : "Could not save. Please try again."),
  });
  const label = choices.data?.label ?? "Items";
  const lower = label.toLowerCase();
  const payload = state ? choicePayload(state) : undefined;
  const shown = choices.data ? filterChoices(choices.data.items, filter) : [];
  return (
    <Dialog open={!!account} onOpenChange={(o) => !save.isPending && onOpenChange(o)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {label} to sync · {account?.title}
          </DialogTitle>
          <DialogDescription>
            Mnemo keeps the {lower} you choose in your memories. What it already brought in stays.
          </DialogDescription>
        </DialogHeader>
        {choices.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading {lower}…
          </p>
        ) : choices.isError ? (
          <div className="flex items-center gap-3 text-sm" role="alert">
            <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
            {choices.error instanceof ApiError ? choices.error.message : `The ${lower} could not be loaded.`}
            <Button size="sm" variant="outline" onClick={() => void choices.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          state && (
            <div className="grid gap-3">
              <fieldset className="grid gap-2">
                <legend className="sr-only">What to sync</legend>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${listId}-mode`}
                    className="mt-0.5 size-4 accent-primary"
                    checked={state.all}
                    onChange={() => setState({ ...state, all: true })}
                  />
                  <span>
                    All {lower} I am in
                    <span className="block text-xs text-muted-foreground">
                      New ones are added as you join them.
                    </span>
                  </span>
                </label>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${listId}-mode`}
                    className="mt-0.5 size-4 accent-primary"
                    checked={!state.all}
                    onChange={() => setState({ ...state, all: false })}
                  />
                  <span>Only the {lower} ticked below</span>
                </label>
              </fieldset>
              {choices.data.items.length > 8 && (
                <Input
                  type="search"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder={`Filter ${lower}`}
                  aria-label={`Filter ${lower}`}
                />
              )}
              {choices.data.items.length === 0 ? (
                <p className="text-sm text-muted-foreground">There are no {lower} to choose from yet.</p>
              ) : (
                <ul
                  className="grid max-h-72 gap-1 overflow-y-auto rounded-md border p-2"
                  aria-label={label}
                  id={`${listId}-list`}
                >
                  {shown.map((item) => {
                    const checked = state.all || state.picked.includes(item.id);
                    return (
                      <li key={item.id}>
                        <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={checked}
                            onChange={() => setState(toggleChoice(state, item.id))}
                          />
                          <span className="min-w-0 flex-1 truncate">{item.name}</span>
                          <span className="shrink-0 text-xs text-muted-foreground">{item.detail}</span>
                        </label>
                      </li>
                    );
                  })}
                  {shown.length === 0 && (
                    <li className="px-2 py-1.5 text-sm text-muted-foreground">Nothing matches “{filter}”.</li>
                  )}
                </ul>
              )}
              {payload === undefined && (
                <p className="text-xs text-destructive" role="alert">
                  Tick at least one, or choose all {lower}.
                </p>
              )}
            </div>
          )
        )}
        <DialogFooter className="gap-2">
          <Button variant="outline" disabled={save.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={save.isPending || !state || payload === undefined}
            onClick={() => payload !== undefined && save.mutate(payload)}
          >
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
