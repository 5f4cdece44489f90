import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ArrowLeftIcon, ArrowRightIcon, Loader2Icon } from "lucide-react";
import { onboarding } from "@mnemo/contracts/constants";
import { uploadMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { IntegrationsSection } from "@/features/apps";
import { saveMemories, UploadList, UploadMemoriesPanel, useUploadState } from "@/features/upload";
import { useMe, useUpdateMetadata } from "@/features/users";
import { errorMessage } from "@/lib/api";
import { updateOnboardingStep } from "../api/first-run";
import { useRestoreOnboardingUploads } from "../hooks/use-restore-onboarding-uploads";
import { addWelcomeItems } from "../api/welcome";
import { continueState, readCurrentStep, writeCurrentStep } from "../logic/first-run";
import { FirstRunFrame } from "./first-run-frame";
import { Recommendations } from "./recommendations";

const [step1, step2] = onboarding.steps;

/** Each step's heading: the spec's step name, then what the step asks. */
const stepFrames = [
  {
    name: step1.name,
    title: "Upload your first memories",
    subtitle: "Save a few links, files or notes, or start with the sample memories below.",
  },
  {
    name: step2.name,
    title: "Connect your apps",
    subtitle: "Bring in mail, files and repositories from the apps you use, or do it later in Settings.",
  },
] as const;

/** Step 1 for someone who joined a shared collection: their own memories can wait. */
const joinedFrame = {
  name: step1.name,
  title: "Upload your first memories",
  subtitle:
    "You joined a shared collection: it opens when you finish. Add links, files or notes of your own now, or later.",
} as const;

/**
 * Onboarding (spec 3 §2, §4): step 1 Upload Memories with recommendations, step 2 Connect Apps;
 * the step is kept in local storage (`currentStep`). Finishing sets submitUserDetails and the
 * session flags isFirstSession and showTutorial, then opens the app. Someone who joined a shared
 * collection through an invitation (the server's `joined_collection_id`) need not add a memory
 * of their own in step 1, and finishing opens that collection (issue 41).
 */
export function OnboardingSteps() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(() => readCurrentStep(localStorage));
  const items = useUploadState((s) => s.items);
  const listed = items.filter((i) => i.inDialog);
  const joined = useMe().data?.joined_collection_id ?? null;
  const gate = continueState(
    listed,
    { inProgress: uploadMessages.uploadInProgress, failed: uploadMessages.someUploadsFailed },
    { memoryRequired: joined === null },
  );
  const finish = useUpdateMetadata();
  useRestoreOnboardingUploads();

  useEffect(() => {
    writeCurrentStep(localStorage, step);
    void updateOnboardingStep(step).catch(() => undefined);
  }, [step]);

  const next = () => {
    if (gate.refusal) return void toast.error(gate.refusal);
    setStep(2);
  };
  const done = async () => {
    // Set before the flag lands: the wall mounts (and this screen unmounts) as soon as the user's
    // document says onboarding is done.
    for (const flag of onboarding.sessionFlags) sessionStorage.setItem(flag, "true");
    try {
      await finish.mutateAsync({ submitUserDetails: true });
    } catch (err) {
      for (const flag of onboarding.sessionFlags) sessionStorage.removeItem(flag);
      toast.error(errorMessage(err, "Onboarding could not be finished. Please try again."));
      return;
    }
    writeCurrentStep(localStorage, null);
    // The memories added in step 1 move to the notification card ('Preparing your memory wall'),
    // joined there by the account's welcome items (spec 3 §9), added once per account.
    if (listed.length) saveMemories();
    void addWelcomeItems().catch((err: unknown) =>
      toast.error(errorMessage(err, "The welcome memories could not be added.")),
    );
    void navigate(joined ? `/collections/${encodeURIComponent(joined)}` : "/", { replace: true });
  };

  const frame = step === 1 && joined ? joinedFrame : stepFrames[step - 1];
  return (
    <FirstRunFrame
      wide
      step={`Step ${step} of 2 · ${frame.name}`}
      title={frame.title}
      subtitle={frame.subtitle}
    >
      {step === 1 ? (
        <div className="flex flex-col gap-5">
          <Recommendations />
          <UploadMemoriesPanel />
          <UploadList items={listed} />
          <div className="flex justify-end">
            <Button onClick={next} disabled={!gate.enabled} aria-describedby="onboarding-continue-hint">
              Continue <ArrowRightIcon className="size-4" />
            </Button>
          </div>
          {!gate.enabled && (
            <p id="onboarding-continue-hint" className="text-right text-xs text-muted-foreground">
              Add at least one memory to continue.
            </p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <IntegrationsSection />
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" onClick={() => setStep(1)}>
              <ArrowLeftIcon className="size-4" /> Back
            </Button>
            <Button onClick={() => void done()} disabled={finish.isPending}>
              {finish.isPending && <Loader2Icon className="size-4 animate-spin" />} Finish
            </Button>
          </div>
        </div>
      )}
    </FirstRunFrame>
  );
}
