import { useState } from "react";
import type { Source } from "@mnemo/contracts";
import { memories } from "@mnemo/contracts/constants";
import { cn } from "@/lib/utils";
import { hasNotesTab } from "../logic/pane";
import { NotesTab } from "./notes-tab";

type Tab = "chat" | "notes";

/** Side panel with Chat and Notes (Notes only for titled memories that are not pages or canvases). */
export function SidePanel({ source, chat }: { source: Source; chat: React.ReactNode }) {
  const notes = hasNotesTab(source, memories.notesTabExcludedTypes);
  const [tab, setTab] = useState<Tab>("chat");
  const active: Tab = notes ? tab : "chat";
  const tabs: { id: Tab; label: string }[] = notes
    ? [
        { id: "chat", label: "Chat" },
        { id: "notes", label: "Notes" },
      ]
    : [{ id: "chat", label: "Chat" }];
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="side-panel">
      <div role="tablist" aria-label="Side panel" className="flex shrink-0 gap-1 border-b px-2">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`side-tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`side-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              "-mb-px h-10 border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring",
              active === t.id && "border-primary text-foreground",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`side-panel-${active}`}
        aria-labelledby={`side-tab-${active}`}
        className="min-h-0 flex-1 overflow-auto"
      >
        {active === "notes" ? <NotesTab source={source} /> : chat}
      </div>
    </div>
  );
}
