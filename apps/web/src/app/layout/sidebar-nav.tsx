import { Link, NavLink, useLocation } from "react-router";
import { LifeBuoyIcon, SparklesIcon, type LucideIcon } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { ReviewDueBadge } from "@/features/review";
import { cn } from "@/lib/utils";
import { mainNav } from "./nav-items";

const itemClass =
  "group flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 outline-none transition-colors hover:bg-sidebar-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring";
// NavLink marks the current page with aria-current; style that instead of a className function,
// which the tooltip trigger (Slot) would stringify when merging class names.
const activeClass = "aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-foreground";

function WithTooltip({
  show,
  label,
  children,
}: {
  show: boolean;
  label: string;
  children: React.ReactElement;
}) {
  if (!show) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function ItemBody({ icon: Icon, label, collapsed }: { icon: LucideIcon; label: string; collapsed: boolean }) {
  return (
    <>
      <Icon
        className="size-[18px] shrink-0 text-muted-foreground group-hover:text-foreground group-aria-[current=page]:text-primary"
        aria-hidden
      />
      <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
    </>
  );
}

/** Main navigation plus the plans and support entries; icon-only when collapsed. */
export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const location = useLocation();
  const withQuery = (key: string) => {
    const params = new URLSearchParams(location.search);
    params.set(key, "true");
    return { pathname: location.pathname, search: params.toString(), hash: location.hash };
  };

  return (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-2">
      {mainNav.map((item) => (
        <WithTooltip key={item.to} show={collapsed} label={item.label}>
          <NavLink
            to={item.to}
            end={item.end}
            onClick={onNavigate}
            className={cn(itemClass, activeClass, collapsed && "relative justify-center px-0")}
          >
            <ItemBody icon={item.icon} label={item.label} collapsed={collapsed} />
            {item.dueBadge && <ReviewDueBadge collapsed={collapsed} />}
          </NavLink>
        </WithTooltip>
      ))}
      <div className="mt-auto flex flex-col gap-1 pt-4">
        <WithTooltip show={collapsed} label="Upgrade plan">
          <Link
            to={withQuery("showPlans")}
            onClick={onNavigate}
            className={cn(itemClass, collapsed && "justify-center px-0")}
          >
            <ItemBody icon={SparklesIcon} label="Upgrade plan" collapsed={collapsed} />
          </Link>
        </WithTooltip>
        <WithTooltip show={collapsed} label="Help & support">
          <Link
            to={withQuery("support")}
            onClick={onNavigate}
            className={cn(itemClass, collapsed && "justify-center px-0")}
          >
            <ItemBody icon={LifeBuoyIcon} label="Help & support" collapsed={collapsed} />
          </Link>
        </WithTooltip>
      </div>
    </nav>
  );
}
