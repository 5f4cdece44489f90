import { useEffect, useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { TooltipProvider } from "@/components/ui/tooltip";
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
  return (
    <Toaster theme={theme} position="bottom-right" mobileOffset={{ bottom: 176 }} richColors closeButton />
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
