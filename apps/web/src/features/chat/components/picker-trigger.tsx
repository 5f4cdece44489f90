import type { ReactNode } from "react";
import { ChevronDownIcon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

/** The compact button of the composer's pickers (model, apps): icon, current choice, chevron. */
export function PickerTrigger({
  label,
  icon: Icon,
  className,
  children,
}: {
  /** The accessible name ("Model", "Apps"). */
  label: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Menu.Trigger asChild>
      <Button
        variant="ghost"
        size="sm"
        className={cn("h-8 gap-1 px-2 text-xs", className)}
        aria-label={label}
      >
        <Icon className="size-3.5" />
        <span className="truncate">{children}</span>
        <ChevronDownIcon className="size-3" />
      </Button>
    </Menu.Trigger>
  );
}
