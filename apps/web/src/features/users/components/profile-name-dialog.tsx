import { useEffect, useState } from "react";
import { onboarding } from "@mnemo/contracts/constants";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useMe } from "../hooks/use-me";
import { ProfileNameForm } from "./profile-name-form";

/** Asks for a full name 3 s after load when the account has none (spec 3 §4). */
export function ProfileNameDialog() {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  const missing = me !== undefined && me.full_name.trim() === "";

  useEffect(() => {
    if (!missing) return;
    const timer = setTimeout(() => setOpen(true), onboarding.profilePromptDelayMs);
    return () => clearTimeout(timer);
  }, [missing]);

  return (
    <Dialog open={open && missing} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>What should we call you?</DialogTitle>
          <DialogDescription>Add your full name so collaborators know who you are.</DialogDescription>
        </DialogHeader>
        <ProfileNameForm
          initial=""
          onSaved={() => setOpen(false)}
          footer={(submit) => <DialogFooter>{submit}</DialogFooter>}
        />
      </DialogContent>
    </Dialog>
  );
}
