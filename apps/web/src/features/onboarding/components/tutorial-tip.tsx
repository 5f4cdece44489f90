import { useState } from "react";
import { Link } from "react-router";
import { LightbulbIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

const FLAG = "showTutorial";

/**
 * The first session's short tutorial (the showTutorial session flag set on finishing onboarding):
 * where to ask and how citations work. Closing it removes the flag.
 */
export function TutorialTip() {
  const [shown, setShown] = useState(() => sessionStorage.getItem(FLAG) !== null);
  if (!shown) return null;
  const close = () => {
    sessionStorage.removeItem(FLAG);
    setShown(false);
  };
  return (
    <aside
      aria-label="Getting started"
      className="mb-6 flex items-start gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm"
    >
      <LightbulbIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Welcome to Mnemo</p>
        <p className="text-muted-foreground">
          Your memories appear below as they are indexed. Ask about them in{" "}
          <Link to="/chat/new" className="underline">
            Chat
          </Link>
          : every answer cites the memories it used, and a citation opens its memory.
        </p>
      </div>
      <Button size="icon" variant="ghost" className="size-7" onClick={close} aria-label="Close the tip">
        <XIcon className="size-4" />
      </Button>
    </aside>
  );
}
