import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { linkMessages } from "@mnemo/contracts";
import { validateLink } from "@mnemo/contracts/links";
import { addFiles, addLinks, addSharedText, openUploadDialog, useUploadState } from "@/features/upload";
import { reportError } from "@/lib/report-error";
import { planShare, takeSharedContent } from "@/lib/shared-inbox";

/**
 * The share-target landing (spec 3 §2, §4, §5): `/?shared` opens 'Upload your memories' with what
 * another app shared (links, text, files) ready to save; closing or cancelling returns to `/`.
 * An invalid shared link says 'Invalid url' and the shared upload is abandoned.
 */
export function ShareTargetLanding() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useUploadState((s) => s.dialogOpen);
  const handled = useRef<string | null>(null);
  const landing = location.pathname === "/" && new URLSearchParams(location.search).has("shared");

  useEffect(() => {
    if (!landing || handled.current === location.key) return;
    handled.current = location.key;
    void (async () => {
      try {
        const plan = planShare(await takeSharedContent(location.search));
        if (plan.kind === "link") {
          const check = validateLink(plan.link);
          if (!check.ok) {
            toast.error(linkMessages.invalidSharedUrl);
            void navigate("/", { replace: true });
            return;
          }
          openUploadDialog({ shared: true });
          void addLinks([{ link: check.url }]);
        } else if (plan.kind === "files") {
          openUploadDialog({ shared: true });
          addFiles(plan.files);
          if (plan.note) void addSharedText(plan.note.title, plan.note.text);
        } else if (plan.kind === "text") {
          openUploadDialog({ shared: true });
          void addSharedText(plan.title, plan.text);
        } else openUploadDialog({ shared: true });
      } catch (err) {
        // A failed share is reported and the upload cleared (spec 3 §8).
        reportError(err, { method: "GET", path: "/?shared" });
        void navigate("/", { replace: true });
      }
    })();
  }, [landing, location.key, location.search, navigate]);

  // Closing or cancelling the dialog returns to the root path.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && landing) {
      wasOpen.current = false;
      void navigate("/", { replace: true });
    }
  }, [open, landing, navigate]);
  return null;
}
