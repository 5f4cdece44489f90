import { useEffect } from "react";
import { restoreUploadRows } from "@/features/upload";
import { useMe } from "@/features/users";
import { listOnboardingMemories } from "../api/first-run";

/**
 * Step 1 after a reload: the memories added during onboarding come back into the upload list from
 * the server (the page's own list is lost), so Continue knows them and they are not added twice.
 */
export function useRestoreOnboardingUploads() {
  const { data: me } = useMe();
  const email = me?.email;
  useEffect(() => {
    if (!email) return;
    let stopped = false;
    void listOnboardingMemories(email)
      .then((memories) => {
        if (!stopped) restoreUploadRows(memories);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [email]);
}
