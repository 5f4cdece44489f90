import { useRef, useState } from "react";
import {
  AlertCircleIcon,
  AppWindowIcon,
  CheckIcon,
  FolderPlusIcon,
  LayersIcon,
  Loader2Icon,
  MoreHorizontalIcon,
  PinIcon,
  PinOffIcon,
  RotateCwIcon,
  Trash2Icon,
} from "lucide-react";
import { uploadMessages, type Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { plainSnippet } from "@/lib/markdown-text";
import { excerpt, sourceIconKind, sourceLabel } from "../logic/source-label";
import { useCardScreenshot } from "../hooks/use-card-screenshot";
import { SourceIcon } from "./source-icon";

const LONG_PRESS_MS = 500;
const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

export interface MemoryCardProps {
  source: Source & { snippet?: string | null };
  /** The connected app the memory came from (RSS feeds, WebDAV …): shown as a badge; null for the user's own. */
  app?: { name: string; logoUrl: string | null } | null;
  selected: boolean;
  selecting: boolean;
  /** Selects the card for a bulk action (absent = the viewer has none: no checkbox). */
  onToggleSelect?: () => void;
  onOpen: () => void;
  onPin: (pinned: boolean) => void;
  onDelete: () => void;
  /** Opens the add-to-collection dialog for this memory (absent = no menu entry). */
  onAddToCollection?: () => void;
  /** Makes review cards from this memory (absent = no menu entry). */
  onMakeReviewCards?: () => void;
  /** Indexes a failed memory again (absent = no Retry button). */
  onRetry?: () => void;
  retrying?: boolean;
}

/** One memory on the wall: thumbnail, type, title, source label, status, note excerpt and date. */
export function MemoryCard({
  source,
  app,
  selected,
  selecting,
  onToggleSelect,
  onOpen,
  onPin,
  onDelete,
  onAddToCollection,
  onMakeReviewCards,
  onRetry,
  retrying,
}: MemoryCardProps) {
  const kind = sourceIconKind(source);
  const label = sourceLabel(source);
  const [thumbFailed, setThumbFailed] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const root = useRef<HTMLElement>(null);
  const shot = useCardScreenshot(root, source);
  const pinned = source.meta.is_pinned;
  const status = source.meta.status;
  const thumb = source.thumbnail_url && !thumbFailed ? source.thumbnail_url : null;
  const note = source.note
    ? excerpt(source.note)
    : source.snippet
      ? excerpt(plainSnippet(source.snippet))
      : "";

  const canPin = source.policies.pin;
  const canDelete = source.policies.delete;
  const canMakeCards = Boolean(onMakeReviewCards) && status === "success";
  const hasMenu = canPin || canDelete || Boolean(onAddToCollection) || canMakeCards;

  const startPress = (e: React.PointerEvent) => {
    if (e.pointerType !== "touch" || !onToggleSelect) return;
    longPressed.current = false;
    press.current = setTimeout(() => {
      longPressed.current = true;
      onToggleSelect();
    }, LONG_PRESS_MS);
  };
  const endPress = () => {
    if (press.current) clearTimeout(press.current);
    press.current = null;
  };
  const open = () => {
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    if (selecting && onToggleSelect) onToggleSelect();
    else onOpen();
  };

  return (
    <article
      ref={root}
      data-testid="memory-card"
      data-status={source.meta.status}
      data-source-id={source.id}
      aria-label={source.title || label}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition hover:shadow-md",
        selected && "ring-2 ring-primary",
      )}
    >
      <button
        type="button"
        onClick={open}
        onPointerDown={startPress}
        onPointerUp={endPress}
        onPointerLeave={endPress}
        onContextMenu={(e) => longPressed.current && e.preventDefault()}
        className="flex flex-1 flex-col text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
        aria-label={`Open ${source.title || label}`}
      >
        <div
          className="relative flex aspect-[16/9] items-center justify-center overflow-hidden bg-muted"
          title={!thumb && shot.offReason ? shot.offReason : undefined}
          data-testid="card-thumbnail"
        >
          {thumb ? (
            <img
              src={thumb}
              alt=""
              loading="lazy"
              onError={() => setThumbFailed(true)}
              // A picture is shown whole (a text screenshot is not cut mid-word); a page's screenshot
              // fills the thumbnail from its top, where its title is.
              className={cn("size-full", kind === "image" ? "object-contain" : "object-cover object-top")}
            />
          ) : (
            <SourceIcon kind={kind} className="size-10 text-muted-foreground/60" />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <SourceIcon kind={kind} className="size-3.5 shrink-0" />
            <span className="truncate">{label}</span>
            {(app || pinned) && (
              <span className="ml-auto flex min-w-0 shrink-0 items-center gap-1.5">
                {app && <AppBadge name={app.name} logoUrl={app.logoUrl} />}
                {pinned && <PinIcon className="size-3.5 shrink-0 text-primary" aria-label="Pinned" />}
              </span>
            )}
          </div>
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold break-words">
            {source.title || "Untitled"}
          </h3>
          {note && <p className="line-clamp-2 text-xs text-muted-foreground">{note}</p>}
          <div className="mt-auto flex items-center gap-2 pt-1 text-xs text-muted-foreground">
            <time dateTime={new Date(source.timestamp * 1000).toISOString()}>
              {dateFormat.format(new Date(source.timestamp * 1000))}
            </time>
            {status === "in_progress" && (
              <span className="ml-auto inline-flex items-center gap-1" role="status">
                <Loader2Icon className="size-3.5 animate-spin" aria-hidden /> Indexing
              </span>
            )}
          </div>
        </div>
      </button>
      {status === "errored" && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-t border-destructive/30 bg-destructive/5 px-3 py-2 text-xs">
          <p className="flex min-w-0 flex-[1_1_12rem] items-start gap-1.5 text-destructive" role="alert">
            <AlertCircleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>{source.error?.trim() || uploadMessages.itemFailed}</span>
          </p>
          {onRetry && (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto h-7 shrink-0 px-2 text-xs"
              onClick={onRetry}
              disabled={retrying}
              aria-label={`Retry ${source.title || label}`}
            >
              {retrying ? <Loader2Icon className="animate-spin" aria-hidden /> : <RotateCwIcon aria-hidden />}{" "}
              Retry
            </Button>
          )}
        </div>
      )}
      {onToggleSelect && (
        <button
          type="button"
          role="checkbox"
          aria-checked={selected}
          aria-label={`Select ${source.title || label}`}
          onClick={onToggleSelect}
          className={cn(
            "absolute top-2 left-2 flex size-6 items-center justify-center rounded-md border-2 border-white/90 bg-black/30 text-white shadow-sm outline-none transition focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring",
            selected
              ? "border-primary bg-primary opacity-100"
              : selecting
                ? "opacity-100"
                : "opacity-0 group-hover:opacity-100 [@media(hover:none)]:hidden",
          )}
        >
          {selected && <CheckIcon className="size-4" aria-hidden />}
        </button>
      )}
      {hasMenu && (
        <Menu.Root>
          <Menu.Trigger
            aria-label={`Actions for ${source.title || label}`}
            className="absolute top-2 right-2 flex size-7 items-center justify-center rounded-md bg-background/90 text-foreground opacity-0 shadow-sm outline-none transition group-hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <MoreHorizontalIcon className="size-4" aria-hidden />
          </Menu.Trigger>
          <Menu.Content align="end">
            {canPin && (
              <Menu.Item onSelect={() => onPin(!pinned)}>
                {pinned ? <PinOffIcon aria-hidden /> : <PinIcon aria-hidden />}
                {pinned ? "Unpin" : "Pin"}
              </Menu.Item>
            )}
            {onAddToCollection && (
              <Menu.Item onSelect={onAddToCollection}>
                <FolderPlusIcon aria-hidden /> Add to collection
              </Menu.Item>
            )}
            {canMakeCards && (
              <Menu.Item onSelect={onMakeReviewCards}>
                <LayersIcon aria-hidden /> Make review cards
              </Menu.Item>
            )}
            {canDelete && (
              <Menu.Item onSelect={onDelete} destructive>
                <Trash2Icon aria-hidden /> Delete
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Root>
      )}
    </article>
  );
}

/** The connected app a memory came from: its logo and name ("From RSS feeds" to a screen reader). */
function AppBadge({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <span
      data-testid="app-badge"
      title={`From ${name}`}
      className="inline-flex max-w-32 items-center gap-1 rounded-full border bg-background px-1.5 py-0.5 text-[11px] leading-none font-medium text-foreground"
    >
      {logoUrl && !logoFailed ? (
        <img src={logoUrl} alt="" className="size-3 shrink-0" onError={() => setLogoFailed(true)} />
      ) : (
        <AppWindowIcon className="size-3 shrink-0" aria-hidden />
      )}
      <span className="truncate">
        <span className="sr-only">From </span>
        {name}
      </span>
    </span>
  );
}
