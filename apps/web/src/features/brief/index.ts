/** Public pieces of the whole-collection brief feature (issue 45). */
export { BriefPanel } from "./components/brief-panel";
export { PassagesPanel } from "./components/passages-panel";
