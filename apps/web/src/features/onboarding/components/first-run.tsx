import { useMemo } from "react";
import { useMe } from "@/features/users";
import { firstRunScreen, isIOSDevice, type FirstRunScreen } from "../logic/first-run";
import { DetailsScreen } from "./details-screen";
import { IOSSetupScreen } from "./ios-setup-screen";
import { OnboardingSteps } from "./onboarding-steps";

/** The first-run screen that covers the app for the signed-in user now (null: none; undefined: loading). */
export function useFirstRunScreen(): FirstRunScreen | undefined {
  const { data: me } = useMe();
  const ios = useMemo(() => typeof navigator !== "undefined" && isIOSDevice(navigator), []);
  return me ? firstRunScreen(me, { ios }) : undefined;
}

/** Renders one first-run screen (spec 3 §2, §4). */
export function FirstRun({ screen }: { screen: Exclude<FirstRunScreen, null> }) {
  if (screen === "details") return <DetailsScreen />;
  if (screen === "ios") return <IOSSetupScreen />;
  return <OnboardingSteps />;
}
