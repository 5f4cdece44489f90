import { PlugIcon } from "lucide-react";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { ThemePicker } from "./theme-picker";

/** Settings: appearance now; connecting apps is the return target of integrations later. */
export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings" description="Appearance and connected apps." />
      <SectionCard title="Appearance" description="Choose how Mnemo looks on this device.">
        <ThemePicker />
      </SectionCard>
      <SectionCard
        id="integrations"
        title="App integrations"
        description="Search and save from the apps you already use."
      >
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <PlugIcon className="size-5 shrink-0" aria-hidden />
          Connecting apps is available soon.
        </div>
      </SectionCard>
    </div>
  );
}
