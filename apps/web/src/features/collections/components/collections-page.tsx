import { FolderClosedIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** Collections list; empty until the collections feature lands. */
export function CollectionsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Collections" description="Group memories and chat over them together." />
      <EmptyState
        icon={FolderClosedIcon}
        title="No collections yet"
        description="Collections group related memories so you can search, chat and share them together. Creating collections is available soon."
      />
    </div>
  );
}
