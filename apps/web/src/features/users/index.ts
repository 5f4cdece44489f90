/** Public pieces of the users feature: the signed-in profile, its metadata and the name prompts. */
export { useMe, useUpdateMetadata, useUpdateProfile } from "./hooks/use-me";
export { ProfileNameDialog } from "./components/profile-name-dialog";
export { ProfileNameForm } from "./components/profile-name-form";
