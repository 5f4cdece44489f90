import { CheckIcon, ExternalLinkIcon, FolderPlusIcon, Loader2Icon, PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { decodeBase64Utf8 } from "../logic/csv";
import { CsvTable } from "./csv-table";
import { MarkdownView } from "./markdown-view";
import { SandboxedHtml } from "./sandboxed-html";

export interface CandidateContent {
  html_base64?: string | null;
  csv_base64?: string | null;
  markdown?: string | null;
  text?: string | null;
}

/**
 * Preview of something that could become a memory (an app search result or attachment, spec 2
 * §2): HTML in a sandboxed frame, CSV as a table, Markdown, or a fallback description; with Add
 * memory (then 'Added to memories'), Add to collection and Open in app.
 */
export function CandidatePreview({
  title,
  content,
  description,
  addState = "idle",
  onAddMemory,
  onAddToCollection,
  openInAppUrl,
  appName,
}: {
  title: string;
  content: CandidateContent;
  description?: string;
  addState?: "idle" | "loading" | "added";
  onAddMemory?: () => void;
  onAddToCollection?: () => void;
  openInAppUrl?: string | null;
  appName?: string;
}) {
  let body;
  if (content.html_base64)
    body = <SandboxedHtml html={decodeBase64Utf8(content.html_base64)} title={`Preview of ${title}`} />;
  else if (content.csv_base64) body = <CsvTable csv={decodeBase64Utf8(content.csv_base64)} />;
  else if (content.markdown?.trim() || content.text?.trim())
    body = (
      <MarkdownView
        markdown={content.markdown?.trim() ? content.markdown : (content.text ?? "")}
        className="p-4"
      />
    );
  else
    body = (
      <p className="p-4 text-sm text-muted-foreground">
        {description?.trim() || "No preview is available for this item."}
      </p>
    );

  return (
    <section
      aria-label={`Preview of ${title}`}
      className="flex h-full min-h-0 flex-col"
      data-testid="candidate-preview"
    >
      <div className="flex flex-wrap items-center gap-2 border-b p-3">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</h2>
        {onAddMemory && (
          <Button size="sm" onClick={onAddMemory} disabled={addState !== "idle"}>
            {addState === "loading" ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : addState === "added" ? (
              <CheckIcon aria-hidden />
            ) : (
              <PlusIcon aria-hidden />
            )}
            {addState === "added" ? "Added to memories" : "Add memory"}
          </Button>
        )}
        {onAddToCollection && (
          <Button size="sm" variant="outline" onClick={onAddToCollection}>
            <FolderPlusIcon aria-hidden /> Add to collection
          </Button>
        )}
        {openInAppUrl && (
          <Button asChild size="sm" variant="outline">
            <a href={openInAppUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden /> {appName ? `Open in ${appName}` : "Open in app"}
            </a>
          </Button>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">{body}</div>
    </section>
  );
}
