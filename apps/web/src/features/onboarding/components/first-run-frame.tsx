import type { ReactNode } from "react";
import { Logo } from "@/components/logo";

/** Full-screen frame of the first-run screens (details, onboarding, iOS setup). */
export function FirstRunFrame({
  title,
  subtitle,
  step,
  children,
  wide,
}: {
  title: string;
  subtitle: string;
  step?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className="flex min-h-dvh flex-col items-center bg-background px-4 py-8 sm:py-12"
      data-testid="first-run"
    >
      <main className={wide ? "w-full max-w-3xl" : "w-full max-w-md"}>
        <div className="mb-6 flex flex-col items-center text-center">
          <Logo className="size-9" />
          {step && (
            <p
              className="mt-5 text-xs font-semibold tracking-wide text-primary uppercase"
              data-testid="onboarding-step"
            >
              {step}
            </p>
          )}
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{subtitle}</p>
        </div>
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-7">{children}</div>
      </main>
    </div>
  );
}
