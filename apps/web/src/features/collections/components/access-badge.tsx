import type { AccessType } from "@mnemo/contracts";
import { collectionMessages } from "@mnemo/contracts";
import { cn } from "@/lib/utils";

const roleLabel: Record<AccessType, string> = { read: "Read", write: "Write", admin: "Admin" };

/** The viewer's role; read access is shown the spec's way, '(View only)'. */
export function AccessBadge({
  access,
  shared,
  className,
}: {
  access: AccessType;
  shared: boolean;
  className?: string;
}) {
  if (access === "read")
    return (
      <span className={cn("text-xs font-medium text-muted-foreground", className)}>
        {collectionMessages.viewOnly}
      </span>
    );
  if (!shared) return null;
  return (
    <span
      className={cn(
        "rounded-full bg-muted px-2 py-0.5 text-[11px] font-medium text-muted-foreground",
        className,
      )}
    >
      Shared · {roleLabel[access]}
    </span>
  );
}

export { roleLabel };
