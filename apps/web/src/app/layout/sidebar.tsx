import { Link } from "react-router";
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import type { Me } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";
import { BrandIcon, brandName, type Brand } from "./brand";

/** Desktop sidebar (1024 px and wider); collapses to icons. */
export function Sidebar({
  me,
  brand,
  expanded,
  onToggle,
}: {
  me: Me | undefined;
  brand: Brand;
  expanded: boolean;
  onToggle: () => void;
}) {
  const collapsed = !expanded;
  const ToggleIcon = expanded ? PanelLeftCloseIcon : PanelLeftOpenIcon;
  const toggleLabel = expanded ? "Collapse sidebar" : "Expand sidebar";
  return (
    <aside
      aria-label="Sidebar"
      data-expanded={expanded}
      className={cn(
        "sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 lg:flex",
        expanded ? "w-60" : "w-[60px]",
      )}
    >
      <div
        className={cn(
          "flex h-14 items-center gap-2 px-3",
          collapsed && "flex-col justify-center px-0 h-auto py-3",
        )}
      >
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          aria-label={`${brandName(brand)} home`}
        >
          <BrandIcon brand={brand} />
          {expanded && (
            <span className="truncate text-[15px] font-semibold tracking-tight" data-testid="brand-name">
              {brandName(brand)}
            </span>
          )}
        </Link>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={onToggle}
              aria-label={toggleLabel}
              aria-expanded={expanded}
              className={cn("text-muted-foreground", expanded && "ml-auto")}
            >
              <ToggleIcon />
            </Button>
          </TooltipTrigger>
          <TooltipContent side="right">{toggleLabel}</TooltipContent>
        </Tooltip>
      </div>
      <div className="flex flex-1 flex-col overflow-y-auto py-2">
        <SidebarNav collapsed={collapsed} />
      </div>
      <div className={cn("border-t border-sidebar-border p-2", collapsed && "flex justify-center")}>
        <UserMenu me={me} collapsed={collapsed} />
      </div>
    </aside>
  );
}
