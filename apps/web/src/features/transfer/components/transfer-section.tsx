import { useId, useState } from "react";
import { AlertCircleIcon, CheckCircle2Icon, DownloadIcon, Loader2Icon, UploadIcon } from "lucide-react";
import { toast } from "sonner";
import {
  importFormatLabels,
  importFormats,
  type ImportFormat,
  type ImportItemError,
  type ImportRun,
} from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { downloadExport } from "../api/transfer";
import { useConfirmImport, useImportRun, useStartImport } from "../hooks/use-transfer";
import { hasWork, isActive, itemLists, percent, statusLine, toImport } from "../logic/run";

function ExportPanel() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport();
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        One zip of your memories with their original files, their text as Markdown, notes, collections and
        chats.
      </p>
      <Button
        variant="outline"
        onClick={() => void run()}
        disabled={busy}
        className="self-start sm:self-auto"
      >
        {busy ? <Loader2Icon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
        {busy ? "Preparing…" : "Export everything"}
      </Button>
    </div>
  );
}

const itemsLabel = (n: number, what: string) =>
  `${n.toLocaleString("en")} ${n === 1 ? "item" : "items"} ${what}`;

/** One of a run's per-item lists (what was not imported, what was imported with a note). */
function ItemList({ label, items }: { label: string; items: ImportItemError[] }) {
  if (!items.length) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{label}</summary>
      <ul className="mt-2 flex max-h-48 flex-col gap-1 overflow-auto">
        {items.map((e, i) => (
          <li key={i} className="break-words">
            <span className="font-medium">{e.item}</span>: {e.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A run's preview or progress and result, with its per-item reasons. */
export function RunCard({
  run,
  onStart,
  starting,
}: {
  run: ImportRun;
  onStart: () => void;
  starting: boolean;
}) {
  const active = isActive(run);
  const { failures, notes } = itemLists(run);
  const will = run.status === "previewed";
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-3 rounded-lg border bg-background p-4"
      data-testid="import-run"
    >
      <div className="flex items-start gap-2 text-sm">
        {run.status === "failed" ? (
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        ) : run.status === "done" ? (
          <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
        ) : active ? (
          <Loader2Icon className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
        ) : null}
        <div className="min-w-0">
          <p className="font-medium break-words">{run.file_name}</p>
          <p className="text-muted-foreground">{statusLine(run)}</p>
        </div>
      </div>
      {(active || run.status === "done") && (
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent(run)}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent(run)}%` }} />
        </div>
      )}
      {run.status === "previewed" && run.sample.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="First items">
          {run.sample.slice(0, 5).map((s, i) => (
            <li key={i} className="truncate">
              <span className="text-muted-foreground">{s.kind}</span> {s.title}
              {s.collections.length > 0 && (
                <span className="text-muted-foreground"> · {s.collections.join(", ")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ItemList
        label={itemsLabel(failures.length, will ? "will not be imported" : "not imported")}
        items={failures}
      />
      <ItemList
        label={itemsLabel(notes.length, will ? "will be saved with a note" : "saved with a note")}
        items={notes}
      />
      {run.status === "previewed" && (
        <Button onClick={onStart} disabled={starting || !hasWork(run)} className="self-start">
          {starting && <Loader2Icon className="animate-spin" aria-hidden />}
          Import {toImport(run).toLocaleString("en")} {toImport(run) === 1 ? "item" : "items"}
        </Button>
      )}
    </div>
  );
}

function ImportPanel() {
  const fileId = useId();
  const formatId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | "auto">("auto");
  const [runId, setRunId] = useState<string | null>(null);
  const start = useStartImport();
  const confirm = useConfirmImport();
  const run = useImportRun(runId);
  const busy = start.isPending || isActive(run.data);
  const go = (dryRun: boolean) => {
    if (!file) return;
    start.mutate(
      { file, format, dryRun },
      { onSuccess: (r) => setRunId(r.id), onError: (err) => toast.error(errorMessage(err)) },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Browser bookmarks, Pocket, Raindrop, Omnivore, Karakeep, Readwise, a Markdown folder or Obsidian vault
        (zip), a Notion export (zip), or a Mnemo export. Preview first to see what will be created; items you
        already saved are skipped.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fileId}>File</Label>
          <input
            id={fileId}
            type="file"
            accept=".html,.htm,.csv,.json,.zip"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={formatId}>Format</Label>
          <select
            id={formatId}
            value={format}
            onChange={(e) => setFormat(e.target.value as ImportFormat | "auto")}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            <option value="auto">Detect from the file</option>
            {importFormats.map((f) => (
              <option key={f} value={f}>
                {importFormatLabels[f]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => go(true)} disabled={!file || busy}>
          Preview
        </Button>
        <Button onClick={() => go(false)} disabled={!file || busy}>
          {start.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <UploadIcon aria-hidden />
          )}
          Import now
        </Button>
      </div>
      {run.data && (
        <RunCard
          run={run.data}
          starting={confirm.isPending}
          onStart={() => confirm.mutate(run.data!.id, { onError: (err) => toast.error(errorMessage(err)) })}
        />
      )}
      {run.isError && <p className="text-sm text-destructive">{errorMessage(run.error)}</p>}
    </div>
  );
}

/** Settings → Import and export (issue 23). */
export function TransferSection() {
  return (
    <div className="flex flex-col gap-6">
      <ImportPanel />
      <hr />
      <ExportPanel />
    </div>
  );
}
