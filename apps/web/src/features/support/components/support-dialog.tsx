import { LifeBuoyIcon } from "lucide-react";
import { InfoDialog } from "@/components/ui/dialog";

/** Contact support. Mnemo is self-hosted, so help comes from whoever runs this server. */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/12 text-primary">
          <LifeBuoyIcon className="size-5" aria-hidden />
        </div>
      }
      title="Contact support"
      description="This Mnemo server is run by your administrator. For help with your account or your memories, contact them directly. Sending support requests from the app is available soon."
    />
  );
}
