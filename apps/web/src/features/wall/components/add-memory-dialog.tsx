import { FileUpIcon, LinkIcon, MicIcon, NotebookPenIcon, PlugIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

const kinds = [
  { label: "Add Links", icon: LinkIcon },
  { label: "Upload Files", icon: FileUpIcon },
  { label: "Record Meetings", icon: MicIcon },
  { label: "Take Notes", icon: NotebookPenIcon },
  { label: "App Integrations", icon: PlugIcon },
];

/** Stand-in for the Upload Memories panel: says plainly that capture is not there yet. */
export function AddMemoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add memory</DialogTitle>
          <DialogDescription>Adding memories arrives with the capture feature. These are the ways you will be able to add them:</DialogDescription>
        </DialogHeader>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {kinds.map(({ label, icon: Icon }) => (
            <li key={label} className="flex flex-col items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
              <Icon className="size-4" aria-hidden />
              <span>{label}</span>
              <span className="rounded bg-background px-1.5 py-0.5 text-[11px] font-medium">Available soon</span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
