import { Link } from "react-router";
import {
  BotIcon,
  ChevronsUpDownIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  ShieldIcon,
  SunIcon,
  UserIcon,
} from "lucide-react";
import type { Me } from "@mnemo/contracts";
import { Menu } from "@/components/ui/dropdown-menu";
import { useSignOut } from "@/features/auth";
import { OrgSwitcher } from "@/features/org";
import { useUserPlan } from "@/features/plans";
import { themes, useTheme, type Theme } from "@/lib/theme";
import { cn } from "@/lib/utils";

const themeLabels: Record<Theme, { label: string; icon: typeof SunIcon }> = {
  light: { label: "Light", icon: SunIcon },
  dark: { label: "Dark", icon: MoonIcon },
  system: { label: "System", icon: MonitorIcon },
};

export function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return (email[0] ?? "?").toUpperCase();
  return ((parts[0][0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1][0] ?? "") : "")).toUpperCase();
}

export function Avatar({ me, className }: { me: Me | undefined; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary",
        className,
      )}
    >
      {me ? initials(me.full_name, me.email) : ""}
    </span>
  );
}

/** Name and email, theme choice, account links and sign out. */
export function UserMenu({
  me,
  collapsed = false,
  compact = false,
}: {
  me: Me | undefined;
  collapsed?: boolean;
  compact?: boolean;
}) {
  const [theme, setTheme] = useTheme();
  const signOut = useSignOut();
  const isSiteAdmin = useUserPlan().data?.is_site_admin === true;
  const name = me?.full_name.trim() || "Unnamed user";

  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label="Open user menu"
        className={cn(
          "flex w-full items-center gap-2.5 rounded-md p-1.5 text-left outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring data-[state=open]:bg-sidebar-accent",
          (collapsed || compact) && "w-auto justify-center",
        )}
      >
        <Avatar me={me} />
        {!collapsed && !compact && (
          <>
            <span className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate text-sm font-medium text-foreground">{name}</span>
              <span className="truncate text-xs text-muted-foreground">{me?.email}</span>
            </span>
            <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </>
        )}
      </Menu.Trigger>
      <Menu.Content align={compact ? "end" : "start"} side={compact ? "bottom" : "top"} className="w-64">
        <Menu.Label className="flex items-center gap-2.5 font-normal">
          <Avatar me={me} />
          <span className="grid min-w-0 leading-tight">
            <span className="truncate font-medium" data-testid="user-menu-name">
              {name}
            </span>
            <span className="truncate text-xs text-muted-foreground" data-testid="user-menu-email">
              {me?.email}
            </span>
          </span>
        </Menu.Label>
        <Menu.Separator />
        <Menu.Group>
          <Menu.Item asChild>
            <Link to="/account">
              <UserIcon /> Account
            </Link>
          </Menu.Item>
          <Menu.Item asChild>
            <Link to="/account#mcps">
              <BotIcon /> Agents (MCP)
            </Link>
          </Menu.Item>
          {isSiteAdmin && (
            <Menu.Item asChild>
              <Link to="/admin">
                <ShieldIcon /> Admin
              </Link>
            </Menu.Item>
          )}
        </Menu.Group>
        <OrgSwitcher />
        <Menu.Separator />
        <Menu.Label className="py-1 text-xs font-medium text-muted-foreground" id="theme-menu-label">
          Theme
        </Menu.Label>
        <Menu.RadioGroup
          value={theme}
          onValueChange={(v) => setTheme(v as Theme)}
          aria-labelledby="theme-menu-label"
        >
          {themes.map((t) => {
            const Icon = themeLabels[t].icon;
            return (
              <Menu.RadioItem key={t} value={t}>
                <Icon /> {themeLabels[t].label}
              </Menu.RadioItem>
            );
          })}
        </Menu.RadioGroup>
        <Menu.Separator />
        <Menu.Item onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOutIcon /> Sign out
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
}
