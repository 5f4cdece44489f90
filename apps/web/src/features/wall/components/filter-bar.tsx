import { ChevronDownIcon } from "lucide-react";
import type { SortOrder } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { SearchInput } from "@/components/ui/input";
import { CheckItem, ClearItem, toggled } from "@/components/ui/multi-select-menu";
import { fileTypeFilters } from "../logic/source-label";

export const sortLabels: Record<SortOrder, string> = {
  "most-relevant": "Most relevant",
  recent: "Recent",
  oldest: "Oldest",
};

/** What the wall's search box and filter menus hold. */
export type WallFilters = { query: string; sort: SortOrder; fileTypes: string[]; apps: string[] };

/** The wall as it opens: no search, newest first, every type and app. */
export const noWallFilters: WallFilters = { query: "", sort: "recent", fileTypes: [], apps: [] };

/**
 * Search box plus the filter bar (spec 2 §2, §3 Search filters): time sort, a file-type
 * multi-select with Clear and, once the user has connected apps, an app multi-select with Clear.
 * `onChange` gets only what changed.
 */
export function FilterBar({
  filters: { query, sort, fileTypes, apps },
  onChange,
  appOptions,
  searching,
}: {
  filters: WallFilters;
  onChange: (changed: Partial<WallFilters>) => void;
  /** The apps to choose from (the user's connected apps). */
  appOptions: { id: string; name: string }[];
  searching: boolean;
}) {
  const onQuery = (q: string) => onChange({ query: q });
  const onFileTypes = (t: string[]) => onChange({ fileTypes: t });
  const onApps = (a: string[]) => onChange({ apps: a });
  const typeLabel =
    fileTypes.length === 0
      ? "All types"
      : fileTypes.length === 1
        ? (fileTypeFilters.find((f) => f.id === fileTypes[0])?.label ?? fileTypes[0])
        : `${fileTypes.length} types`;
  const appLabel =
    apps.length === 0
      ? "All apps"
      : apps.length === 1
        ? (appOptions.find((a) => a.id === apps[0])?.name ?? apps[0])
        : `${apps.length} apps`;
  const item = (f: (typeof fileTypeFilters)[number]) => (
    <CheckItem
      key={f.id}
      label={f.label}
      checked={fileTypes.includes(f.id)}
      onChange={(on) => onFileTypes(toggled(fileTypes, f.id, on))}
    />
  );
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchInput
        className="flex-1"
        value={query}
        onChange={onQuery}
        label="Search memories"
        busy={searching}
        clearable
      />
      <div className="flex gap-2">
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button
              variant="outline"
              aria-label={`Sort: ${sortLabels[sort]}`}
              className="flex-1 sm:flex-none"
            >
              {sortLabels[sort]} <ChevronDownIcon aria-hidden />
            </Button>
          </Menu.Trigger>
          <Menu.Content align="end">
            <Menu.RadioGroup value={sort} onValueChange={(v) => onChange({ sort: v as SortOrder })}>
              {(Object.keys(sortLabels) as SortOrder[]).map((s) => (
                <Menu.RadioItem key={s} value={s}>
                  {sortLabels[s]}
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Root>
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="outline" aria-label={`File type: ${typeLabel}`} className="flex-1 sm:flex-none">
              {typeLabel} <ChevronDownIcon aria-hidden />
            </Button>
          </Menu.Trigger>
          <Menu.Content
            align="end"
            className="max-h-[min(36rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto"
          >
            <Menu.Label className="text-xs text-muted-foreground">Kinds</Menu.Label>
            {fileTypeFilters.filter((f) => "kind" in f).map(item)}
            <Menu.Separator />
            <Menu.Label className="text-xs text-muted-foreground">File types</Menu.Label>
            {fileTypeFilters.filter((f) => !("kind" in f)).map(item)}
            <ClearItem disabled={fileTypes.length === 0} onClear={() => onFileTypes([])} />
          </Menu.Content>
        </Menu.Root>
        {(appOptions.length > 0 || apps.length > 0) && (
          <Menu.Root>
            <Menu.Trigger asChild>
              <Button variant="outline" aria-label={`App: ${appLabel}`} className="flex-1 sm:flex-none">
                {appLabel} <ChevronDownIcon aria-hidden />
              </Button>
            </Menu.Trigger>
            <Menu.Content align="end">
              <Menu.Label className="text-xs text-muted-foreground">Connected apps</Menu.Label>
              {appOptions.map((a) => (
                <CheckItem
                  key={a.id}
                  label={a.name}
                  checked={apps.includes(a.id)}
                  onChange={(on) => onApps(toggled(apps, a.id, on))}
                />
              ))}
              <ClearItem disabled={apps.length === 0} onClear={() => onApps([])} />
            </Menu.Content>
          </Menu.Root>
        )}
      </div>
    </div>
  );
}
