import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useIsMobile } from "@/hooks/use-media-query";
import { useOpenDialogRect } from "@/hooks/use-open-dialog-rect";
import { ApiError } from "@/lib/api";
import { useTheme, watchSystemTheme } from "@/lib/theme";
import { toastPlacement } from "@/lib/toast-placement";
import { SessionEnd } from "./session-end";

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The API client already refreshed and retried an expired token; retry only transient failures.
        retry: (count, err) =>
          count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

function ThemedToaster() {
  const [theme] = useTheme();
  useEffect(() => watchSystemTheme(), []);
  // On phones a toast sits above the bottom strip that the upload card and the chat input hold.
  // Under 1024 px a top toast (the proactive memory) sits below the 56 px top bar, never over its
  // navigation and user menu buttons.
  const mobile = useIsMobile();
  // An open dialog covers the top bar and the bottom strip: toasts move beside, above or below
  // it, never over its buttons and fields (issue 41).
  const dialog = useOpenDialogRect();
  const position = toastPlacement(dialog, { width: window.innerWidth, height: window.innerHeight });
  const top = dialog ? 16 : mobile ? 64 : undefined;
  return (
    <Toaster
      theme={theme}
      position={position}
      offset={{ top }}
      mobileOffset={{ top, bottom: dialog ? 16 : 176 }}
      richColors
      closeButton
    />
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>
        {children}
        <ThemedToaster />
        <SessionEnd />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
