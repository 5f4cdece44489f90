import { AppWindowIcon } from "lucide-react";
import { Link } from "react-router";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { PickerTrigger } from "./picker-trigger";
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
    <Menu.Root>
      <PickerTrigger label="Apps" icon={AppWindowIcon} className={cn(on.length > 0 && "text-primary")}>
        Apps{on.length > 0 && ` (${on.length})`}
      </PickerTrigger>
      <Menu.Content align="start" className="w-60">
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
            <Menu.Separator />
            {apps.map((a) => (
              <Menu.Item
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
              </Menu.Item>
            ))}
          </>
        )}
      </Menu.Content>
    </Menu.Root>
  );
}
