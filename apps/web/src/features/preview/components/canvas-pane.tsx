import { Link } from "react-router";
import { PenToolIcon } from "lucide-react";
import type { Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";

/** A canvas in the preview: its screenshot and the way into the editor (spec 2 §2, §7). */
export function CanvasPane({ source }: { source: Source }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6">
      {source.thumbnail_url ? (
        <img
          src={source.thumbnail_url}
          alt={`Screenshot of ${source.title}`}
          className="max-h-[60vh] max-w-full rounded-lg border bg-white object-contain"
        />
      ) : (
        <PenToolIcon className="size-12 text-muted-foreground/60" aria-hidden />
      )}
      {source.description && (
        <p className="max-w-prose text-center text-sm text-muted-foreground">{source.description}</p>
      )}
      <Button asChild>
        <Link to={`/canvas/${encodeURIComponent(source.id)}`}>
          <PenToolIcon aria-hidden /> Open canvas
        </Link>
      </Button>
    </div>
  );
}
