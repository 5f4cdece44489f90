import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { CheckIcon, ChevronDownIcon, Loader2Icon, SearchIcon, XIcon } from "lucide-react";
import type { SortOrder } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { fileTypeFilters } from "../logic/source-label";

export const sortLabels: Record<SortOrder, string> = {
  "most-relevant": "Most relevant",
  recent: "Recent",
  oldest: "Oldest",
};

/** Search box plus the filter bar: time sort and a file-type multi-select with Clear (spec 2 §2). */
export function FilterBar({
  query,
  onQuery,
  sort,
  onSort,
  fileTypes,
  onFileTypes,
  searching,
}: {
  query: string;
  onQuery: (q: string) => void;
  sort: SortOrder;
  onSort: (s: SortOrder) => void;
  fileTypes: string[];
  onFileTypes: (t: string[]) => void;
  searching: boolean;
}) {
  const typeLabel =
    fileTypes.length === 0
      ? "All types"
      : fileTypes.length === 1
        ? (fileTypeFilters.find((f) => f.id === fileTypes[0])?.label ?? fileTypes[0])
        : `${fileTypes.length} types`;
  const toggle = (id: string, on: boolean) =>
    onFileTypes(on ? [...fileTypes, id] : fileTypes.filter((t) => t !== id));
  const item = (f: (typeof fileTypeFilters)[number]) => (
    <MenuPrimitive.CheckboxItem
      key={f.id}
      checked={fileTypes.includes(f.id)}
      onCheckedChange={(on) => toggle(f.id, on === true)}
      onSelect={(e) => e.preventDefault()}
      className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
    >
      <span className="absolute left-2 flex size-4 items-center justify-center rounded border">
        <MenuPrimitive.ItemIndicator>
          <CheckIcon className="size-3" aria-hidden />
        </MenuPrimitive.ItemIndicator>
      </span>
      {f.label}
    </MenuPrimitive.CheckboxItem>
  );
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        {searching ? (
          <Loader2Icon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden
          />
        ) : (
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
        )}
        <Input
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Search memories"
          aria-label="Search memories"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {query && (
          <button
            type="button"
            onClick={() => onQuery("")}
            aria-label="Clear search"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        )}
        {searching && (
          <span className="sr-only" role="status">
            Searching…
          </span>
        )}
      </div>
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
            <Menu.RadioGroup value={sort} onValueChange={(v) => onSort(v as SortOrder)}>
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
            <MenuPrimitive.Item
              disabled={fileTypes.length === 0}
              onSelect={() => onFileTypes([])}
              className="sticky -bottom-1 -mx-1 -mb-1 flex cursor-default items-center border-t bg-popover px-3 py-2 text-sm outline-none select-none focus:bg-accent data-[disabled]:opacity-50"
            >
              Clear
            </MenuPrimitive.Item>
          </Menu.Content>
        </Menu.Root>
      </div>
    </div>
  );
}
