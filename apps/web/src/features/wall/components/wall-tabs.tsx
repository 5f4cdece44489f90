import { Link } from "react-router";
import { cn } from "@/lib/utils";
import { wallTabs, type WallTab } from "../tabs";

/** Tabs of the memory wall, kept in the `tab` query parameter so they can be linked to. */
export function WallTabs({ active }: { active: WallTab }) {
  return (
    <nav aria-label="Memory views" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b px-1">
        {wallTabs.map((t) => {
          const current = t.id === active;
          return (
            <li key={t.id}>
              <Link
                to={t.id === "everything" ? "/" : `/?tab=${t.id}`}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative -mb-px inline-flex h-10 items-center border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring",
                  current && "border-primary text-foreground",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
