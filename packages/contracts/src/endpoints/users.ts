import {
  zCreateUserInput,
  zMe,
  zOnboardingStepInput,
  zUpdateProfileInput,
  zUpdateUserMetadataInput,
  zUserMetadata,
  zWelcomeItemsClaim,
  zWelcomeItemsClaimInput,
  zWelcomeItemsFinish,
} from "../users.ts";
import { endpoint } from "./endpoint.ts";

export const users = {
  getMe: endpoint({
    method: "get",
    path: "/user/me",
    summary: "The signed-in user's profile, plan and metadata",
    tag: "users",
    response: zMe,
  }),
  getMetadata: endpoint({
    method: "get",
    path: "/user/metadata",
    summary: "Read user metadata",
    tag: "users",
    response: zUserMetadata,
  }),
  updateMetadata: endpoint({
    method: "patch",
    path: "/user/metadata",
    summary: "Update user metadata (merge)",
    tag: "users",
    body: zUpdateUserMetadataInput,
    response: zUserMetadata,
  }),
  updateProfile: endpoint({
    method: "put",
    path: "/user/profile",
    summary: "Update the full name",
    tag: "users",
    body: zUpdateProfileInput,
  }),
  createUser: endpoint({
    method: "post",
    path: "/user/create_user",
    summary: "Store the new user's details (country, company size, kind of work, referrer, role)",
    tag: "users",
    body: zCreateUserInput,
    response: zMe,
  }),
  setOnboardingStep: endpoint({
    method: "put",
    path: "/user/onboarding_step",
    summary: "Record the onboarding step reached",
    tag: "users",
    body: zOnboardingStepInput,
  }),
  claimWelcomeItems: endpoint({
    method: "post",
    path: "/user/welcome_items",
    summary:
      "Claim adding the welcome sample items: answers those the account does not have yet (once per account, resumable)",
    tag: "users",
    body: zWelcomeItemsClaimInput,
    response: zWelcomeItemsClaim,
  }),
  finishWelcomeItems: endpoint({
    method: "post",
    path: "/user/welcome_items/finish",
    summary: "Record that every welcome sample item was sent (none is added again)",
    tag: "users",
    response: zWelcomeItemsFinish,
  }),
};
