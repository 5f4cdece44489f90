import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useIsMobile } from "@/hooks/use-media-query";
import { ApiError } from "@/lib/api";
import { useTheme, watchSystemTheme } from "@/lib/theme";
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
  const top = useIsMobile() ? 64 : undefined;
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      offset={{ top }}
      mobileOffset={{ top, bottom: 176 }}
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
