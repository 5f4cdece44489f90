import { Loader2Icon, ShareIcon, SmartphoneIcon, SquarePlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useUpdateMetadata } from "@/features/users";
import { FirstRunFrame } from "./first-run-frame";

const steps = [
  { icon: ShareIcon, text: "In Safari, tap the Share button." },
  { icon: SquarePlusIcon, text: "Choose Add to Home Screen, then Add." },
  {
    icon: SmartphoneIcon,
    text: "Open Mnemo from your home screen; share links and files to it from any app.",
  },
];

/**
 * The iOS setup screen (spec 3 §2, §4), shown once on iOS until hasSetupIOSApp is set: a short
 * video, shipped with Mnemo (drawn by apps/web/scripts/make-ios-setup-video.mjs; nothing is
 * fetched from elsewhere), with the same steps written out beneath it, and Done.
 */
export function IOSSetupScreen() {
  const update = useUpdateMetadata();
  return (
    <FirstRunFrame
      title="Set up Mnemo on your iPhone"
      subtitle="Add Mnemo to your home screen to use it like an app."
    >
      <video
        className="mx-auto mb-5 aspect-[9/16] max-h-80 rounded-lg border bg-muted"
        aria-label="How to add Mnemo to your home screen"
        aria-describedby="ios-setup-steps"
        autoPlay
        muted
        loop
        playsInline
        controls
        preload="auto"
      >
        <source src="/onboarding/ios-setup.mp4" type="video/mp4" />
        <source src="/onboarding/ios-setup.webm" type="video/webm" />
      </video>
      <ol id="ios-setup-steps" className="flex flex-col gap-4">
        {steps.map(({ icon: Icon, text }, i) => (
          <li key={i} className="flex items-start gap-3 text-sm">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-4" aria-hidden />
            </span>
            <span className="pt-1.5">{text}</span>
          </li>
        ))}
      </ol>
      <Button
        className="mt-6 w-full"
        onClick={() => update.mutate({ hasSetupIOSApp: true })}
        disabled={update.isPending}
      >
        {update.isPending && <Loader2Icon className="size-4 animate-spin" />} Done
      </Button>
    </FirstRunFrame>
  );
}
