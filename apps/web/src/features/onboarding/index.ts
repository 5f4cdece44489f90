/** Public pieces of the first-run feature: the screen gate, the screens and the first-session tip. */
export { FirstRun, useFirstRunScreen } from "./components/first-run";
export { TutorialTip } from "./components/tutorial-tip";
export { useResumeWelcomeItems } from "./hooks/use-resume-welcome-items";
