import { Link, useParams } from "react-router";
import { FolderXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** One collection. None can exist yet, so every id is honestly not found. */
export function CollectionPage() {
  const { id } = useParams();
  return (
    <EmptyState
      icon={FolderXIcon}
      title="Collection not found"
      description={`There is no collection with the id “${id ?? ""}”, or it is not shared with you.`}
      action={
        <Button asChild variant="outline">
          <Link to="/collections">Back to collections</Link>
        </Button>
      }
    />
  );
}
