import type { ReactNode } from "react";
import { AlertTriangleIcon, DownloadIcon, ExternalLinkIcon, Loader2Icon, RotateCwIcon } from "lucide-react";
import { previewMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";

function Centered({ children, role }: { children: ReactNode; role?: "alert" | "status" }) {
  return (
    <div
      role={role}
      className="flex h-full min-h-60 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted-foreground"
    >
      {children}
    </div>
  );
}

export function PreviewLoading({ label = "Loading preview…" }: { label?: string }) {
  return (
    <Centered role="status">
      <Loader2Icon className="size-6 animate-spin" aria-hidden />
      <span>{label}</span>
    </Centered>
  );
}

/** 'Something went wrong!' with Retry (preview-error and content-error). */
export function PreviewError({ onRetry }: { onRetry: () => void }) {
  return (
    <Centered role="alert">
      <AlertTriangleIcon className="size-6 text-destructive" aria-hidden />
      <span className="text-foreground">{previewMessages.somethingWentWrong}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCwIcon aria-hidden /> Retry
      </Button>
    </Centered>
  );
}

/** A memory whose indexing failed: the server's reason and, for its owner, Retry (indexes it again). */
export function PreviewFailed({
  message,
  onRetry,
  retrying,
}: {
  message: string | null;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Centered role="alert">
      <AlertTriangleIcon className="size-6 text-destructive" aria-hidden />
      <span className="max-w-md text-foreground" data-testid="preview-failed">
        {message?.trim() || previewMessages.somethingWentWrong}
      </span>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? <Loader2Icon className="animate-spin" aria-hidden /> : <RotateCwIcon aria-hidden />}{" "}
          Retry
        </Button>
      )}
    </Centered>
  );
}

export function PreviewTooLarge({ originalUrl }: { originalUrl: string | null }) {
  return (
    <Centered role="alert">
      <span className="text-foreground">{previewMessages.tooLarge}</span>
      {originalUrl && (
        <Button asChild variant="outline" size="sm">
          <a href={originalUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden /> View original
          </a>
        </Button>
      )}
    </Centered>
  );
}

export function PreviewUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Centered role="alert">
      <span className="text-foreground">{previewMessages.notAvailableRetry}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCwIcon aria-hidden /> Retry
      </Button>
    </Centered>
  );
}

export function DownloadFallback({ url, name }: { url: string | null; name: string | null }) {
  return (
    <Centered role="alert">
      <span className="text-foreground">{previewMessages.cannotPreview}</span>
      {url && (
        <Button asChild variant="outline" size="sm">
          <a href={url} download={name ?? true} rel="noopener noreferrer">
            <DownloadIcon aria-hidden /> Download
          </a>
        </Button>
      )}
    </Centered>
  );
}
