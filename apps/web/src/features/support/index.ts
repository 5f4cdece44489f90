/** Public pieces of the support feature, for the shell's dialogs. */
export { SupportDialog } from "./components/support-dialog";
