import { Loader2Icon, SearchIcon, XIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs transition-[color,box-shadow] outline-none",
        "placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-50",
        "focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring",
        "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A search box: the input with a magnifier inside its start edge (`className` sizes the wrapper),
 * holding `value` and handing each edit's text to `onChange`; a `type="search"` input unless told.
 * `busy` turns the magnifier into a spinner and announces "Searching…"; `clearable` adds a clear
 * button while there is text; `children` draw over the page below it (a list of matches).
 * `label` is its accessible name, and its placeholder unless one is given.
 */
export function SearchInput({
  className,
  type = "search",
  value,
  onChange,
  busy = false,
  clearable = false,
  label,
  placeholder = label,
  children,
  ...props
}: Omit<ComponentProps<"input">, "value" | "onChange"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
  clearable?: boolean;
}) {
  const Icon = busy ? Loader2Icon : SearchIcon;
  return (
    <div className={cn("relative", className)}>
      <Icon
        className={cn(
          "pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground",
          busy && "animate-spin",
        )}
        aria-hidden
      />
      <Input
        className={cn("pl-9", clearable && "pr-9 [&::-webkit-search-cancel-button]:appearance-none")}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
        placeholder={placeholder}
        {...props}
      />
      {clearable && value ? (
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label="Clear search"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-muted-foreground hover:text-foreground"
        >
          <XIcon className="size-4" aria-hidden />
        </button>
      ) : null}
      {busy && (
        <span className="sr-only" role="status">
          Searching…
        </span>
      )}
      {children}
    </div>
  );
}
