import { Link } from "react-router";
import { ActivityIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { IntegrationsSection } from "@/features/apps";
import { TransferSection } from "@/features/transfer";
import { GenerationInstructions } from "./generation-instructions";
import { ThemePicker } from "./theme-picker";

/** Settings: appearance, generation instructions, connected apps, import and export (the return point after connecting an app). */
export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Appearance, answers, connected apps, import and export." />
      <SectionCard title="Appearance" description="Choose how Mnemo looks on this device.">
        <ThemePicker />
      </SectionCard>
      <SectionCard
        id="generation-instructions"
        title="Generation instructions"
        description="How answers should be written, in every chat. Generative models follow them; the built-in extractive engine quotes your memories as they are."
      >
        <GenerationInstructions />
      </SectionCard>
      <SectionCard
        id="integrations"
        title="App integrations"
        description="Search and save from the apps you already use."
      >
        <IntegrationsSection />
      </SectionCard>
      <SectionCard
        id="sync"
        title="Sync and indexing"
        description="What each connected app brought in, what is indexed, and what failed and why."
      >
        <Button asChild variant="outline">
          <Link to="/settings/sync">
            <ActivityIcon aria-hidden />
            Open sync and indexing
          </Link>
        </Button>
      </SectionCard>
      <SectionCard
        id="import-export"
        title="Import and export"
        description="Bring your bookmarks and notes in; take everything out."
      >
        <TransferSection />
      </SectionCard>
    </div>
  );
}
