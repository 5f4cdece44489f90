import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { themes, useTheme, type Theme } from "@/lib/theme";
import { cn } from "@/lib/utils";

const options: Record<Theme, { label: string; icon: typeof SunIcon }> = {
  light: { label: "Light", icon: SunIcon },
  dark: { label: "Dark", icon: MoonIcon },
  system: { label: "System", icon: MonitorIcon },
};

/** Light, dark or follow the system; stored under the local-storage key `theme`. */
export function ThemePicker() {
  const [theme, setTheme] = useTheme();
  return (
    <div role="radiogroup" aria-label="Theme" className="grid max-w-md grid-cols-3 gap-2">
      {themes.map((t) => {
        const { label, icon: Icon } = options[t];
        const checked = theme === t;
        return (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => setTheme(t)}
            className={cn(
              "flex flex-col items-center gap-2 rounded-lg border px-3 py-3 text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring",
              checked && "border-primary bg-primary/8 text-foreground",
            )}
          >
            <Icon className={cn("size-5 text-muted-foreground", checked && "text-primary")} aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
