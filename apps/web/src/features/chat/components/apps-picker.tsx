import { AppWindowIcon, ChevronDownIcon } from "lucide-react";
import { Link } from "react-router";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

export type AppOption = { id: string; name: string };

/** Apps picker: Select All, Clear, per-app toggles; empty with a link to connect apps (spec 1 §2). */
export function AppsPicker({
  apps,
  selected,
  onChange,
}: {
  apps: AppOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const on = selected.filter((id) => apps.some((a) => a.id === id));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className={cn("h-8 gap-1 px-2 text-xs", on.length > 0 && "text-primary")}
          aria-label="Apps"
        >
          <AppWindowIcon className="size-3.5" /> Apps{on.length > 0 && ` (${on.length})`}
          <ChevronDownIcon className="size-3" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        {apps.length === 0 ? (
          <div className="p-2 text-sm">
            <p className="text-muted-foreground">No apps connected yet.</p>
            <Link to="/settings" className="mt-1 inline-block font-medium text-primary hover:underline">
              Connect apps
            </Link>
          </div>
        ) : (
          <>
            <div className="flex gap-1 p-1">
              <Button
                size="sm"
                variant="ghost"
                className="h-7 flex-1"
                onClick={() => onChange(apps.map((a) => a.id))}
              >
                {chatMessages.labels.selectAll}
              </Button>
              <Button size="sm" variant="ghost" className="h-7 flex-1" onClick={() => onChange([])}>
                {chatMessages.labels.clear}
              </Button>
            </div>
            <DropdownMenuSeparator />
            {apps.map((a) => (
              <DropdownMenuItem
                key={a.id}
                onSelect={(e) => (
                  e.preventDefault(),
                  onChange(on.includes(a.id) ? on.filter((x) => x !== a.id) : [...on, a.id])
                )}
              >
                <input
                  type="checkbox"
                  readOnly
                  checked={on.includes(a.id)}
                  className="size-4 accent-primary"
                  aria-hidden
                />{" "}
                {a.name}
              </DropdownMenuItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
