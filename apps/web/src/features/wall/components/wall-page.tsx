import { useSearchParams } from "react-router";
import { BrainIcon, FileTextIcon, NetworkIcon, PenToolIcon, PlusIcon, UsersIcon } from "lucide-react";
import { routes } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { parseWallTab, type WallTab } from "../tabs";
import { openUploadDialog } from "@/features/upload";
import { WallTabs } from "./wall-tabs";

function TabContent({ tab, onAdd }: { tab: WallTab; onAdd: () => void }) {
  const add = (
    <Button onClick={onAdd}>
      <PlusIcon aria-hidden /> Add your first memory
    </Button>
  );
  switch (tab) {
    case "everything":
      return (
        <EmptyState
          icon={BrainIcon}
          title="No memories yet"
          description="Memories are the links, files, notes and recordings you save. Add one to start building your second brain."
          action={add}
        />
      );
    case "pages":
      return <EmptyState icon={FileTextIcon} title="No pages yet" description="Pages you write will show up here." />;
    case "shared":
      return <EmptyState icon={UsersIcon} title="Nothing shared yet" description="Memories shared with you will show up here." />;
    case "mindmap":
      return <EmptyState icon={NetworkIcon} title="Mind map is available soon" description="A map of how your memories connect." />;
    case "canvas":
      return <EmptyState icon={PenToolIcon} title="Canvas is available soon" description="Sketch and arrange ideas on an open canvas." />;
  }
}

/** The memory wall at the main route; the view comes from `?tab=` (default everything). */
export function WallPage() {
  const [params] = useSearchParams();
  const tab = parseWallTab(params.get(routes.memoryTabQuery));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Memories"
        description="Everything you have saved, in one place."
        actions={
          <Button onClick={() => openUploadDialog()} variant="outline">
            <PlusIcon aria-hidden /> Add memory
          </Button>
        }
      />
      <WallTabs active={tab} />
      <section aria-label="Memories">
        <TabContent tab={tab} onAdd={() => openUploadDialog()} />
      </section>
    </div>
  );
}
