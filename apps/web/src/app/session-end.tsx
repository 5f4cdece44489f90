import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { chatPrefs } from "@/features/chat";
import { forgetScreenshots } from "@/features/preview";
import { endUploadSession } from "@/features/upload";
import { authToken } from "@/lib/auth-token";
import { emptyShareInbox } from "@/lib/shared-inbox";

/**
 * When the token goes away (sign-out, or a session the server no longer knows), nothing of the
 * user may outlive it: uploads and the indexing poll stop, toasts close (a proactive memory quotes
 * private text), cached data, the unsent question and an unlanded share are dropped. Screens unmount with the shell,
 * which stops their streams and timers.
 */
export function SessionEnd() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let signedIn = authToken.get() !== null;
    return authToken.subscribe(() => {
      const now = authToken.get() !== null;
      const ended = signedIn && !now;
      signedIn = now;
      if (!ended) return;
      endUploadSession();
      forgetScreenshots();
      chatPrefs.forgetPrompt();
      toast.dismiss();
      queryClient.clear();
      void emptyShareInbox();
    });
  }, [queryClient]);
  return null;
}
