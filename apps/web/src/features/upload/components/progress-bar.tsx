import { useUploadProgress } from "../hooks/use-upload-progress";

/** Thin bar under an upload row; hidden once the item is indexing for 300 ms. */
export function UploadProgressBar({ status, label }: { status: string; label: string }) {
  const { percent, visible } = useUploadProgress(status);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={`Upload progress of ${label}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-700 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
