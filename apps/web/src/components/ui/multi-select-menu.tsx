import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";

/** One option of a multi-select menu: a checkbox that keeps the menu open. */
export function CheckItem({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <MenuPrimitive.CheckboxItem
      checked={checked}
      onCheckedChange={(on) => onChange(on === true)}
      onSelect={(e) => e.preventDefault()}
      className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
    >
      <span className="absolute left-2 flex size-4 items-center justify-center rounded border">
        <MenuPrimitive.ItemIndicator>
          <CheckIcon className="size-3" aria-hidden />
        </MenuPrimitive.ItemIndicator>
      </span>
      {label}
    </MenuPrimitive.CheckboxItem>
  );
}

/** The Clear entry at the bottom of a multi-select menu. */
export function ClearItem({ disabled, onClear }: { disabled: boolean; onClear: () => void }) {
  return (
    <MenuPrimitive.Item
      disabled={disabled}
      onSelect={onClear}
      className="sticky -bottom-1 -mx-1 -mb-1 flex cursor-default items-center border-t bg-popover px-3 py-2 text-sm outline-none select-none focus:bg-accent data-[disabled]:opacity-50"
    >
      Clear
    </MenuPrimitive.Item>
  );
}

/** `list` with `id` added (on) or taken out (off). */
export const toggled = (list: readonly string[], id: string, on: boolean) =>
  on ? [...list, id] : list.filter((t) => t !== id);

/**
 * A multi-select dropdown with Clear (spec 2 §2 Search filter bar): the button reads `{name}: …`
 * for screen readers and shows the choice (`all` when nothing is chosen, the option's label for
 * one, "n {plural}" for more).
 */
export function MultiSelectMenu({
  name,
  all,
  plural,
  heading,
  options,
  chosen,
  onChange,
}: {
  name: string;
  all: string;
  plural: string;
  heading: string;
  options: readonly { id: string; label: string }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const text =
    chosen.length === 0
      ? all
      : chosen.length === 1
        ? (options.find((o) => o.id === chosen[0])?.label ?? chosen[0]!)
        : `${chosen.length} ${plural}`;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button type="button" variant="outline" aria-label={`${name}: ${text}`}>
          {text} <ChevronDownIcon aria-hidden />
        </Button>
      </Menu.Trigger>
      <Menu.Content
        align="end"
        className="max-h-[min(36rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto"
      >
        <Menu.Label className="text-xs text-muted-foreground">{heading}</Menu.Label>
        {options.map((o) => (
          <CheckItem
            key={o.id}
            label={o.label}
            checked={chosen.includes(o.id)}
            onChange={(on) => onChange(toggled(chosen, o.id, on))}
          />
        ))}
        <ClearItem disabled={chosen.length === 0} onClear={() => onChange([])} />
      </Menu.Content>
    </Menu.Root>
  );
}
