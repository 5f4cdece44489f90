import { z } from "zod";

/** User metadata flags kept per user (spec 1 §3, spec 3 §3). */
export const zUserMetadata = z.object({
  hideResetChatConfirmation: z.boolean().optional(),
  streamPauseCount: z.number().int().min(0).optional(),
  submitUserDetails: z.boolean().optional(),
  disclosureAccepted: z.boolean().optional(),
  hasSetupIOSApp: z.boolean().optional(),
  hasDesktopApp: z.boolean().optional(),
  desktopAppVersion: z.string().max(64).optional(),
  lastClosedAnnouncement: z.string().max(200).optional(),
});
export type UserMetadata = z.infer<typeof zUserMetadata>;

/** Partial update of the metadata: only known keys, strictly typed. */
export const zUpdateUserMetadataInput = zUserMetadata.strict();

export const zUpdateProfileInput = z.object({
  full_name: z.string().trim().min(1, "Full name is required.").max(120),
});

export const zMe = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  plan: z.string(),
  is_desktop_app: z.boolean(),
  metadata: zUserMetadata,
  /** Whether the create-user details (country, company size, kind of work…) were given. */
  has_details: z.boolean().default(false),
  /** The onboarding step reached (0 before onboarding, 1 Upload Memories, 2 Connect Apps). */
  onboarding_step: z.number().int().default(0),
  /**
   * Adding the welcome sample items started and did not finish (a tab closed midway): the web app
   * resumes it on its next load (POST /api/user/welcome_items).
   */
  welcome_items_pending: z.boolean().default(false),
  /**
   * Before onboarding is finished: the shared collection this account joined through an
   * invitation (issue 41). Onboarding then asks no memory in step 1 and finishes into it.
   */
  joined_collection_id: z.string().nullable().default(null),
  created_at: z.string(),
});
export type Me = z.infer<typeof zMe>;

/** Choices of the create-user details form (spec 3 §7 Create user); Mnemo's own lists. */
export const userDetailChoices = {
  companySize: ["Just me", "2-10", "11-50", "51-200", "201-1000", "1000+"],
  kindOfWork: [
    "Engineering",
    "Research",
    "Product & design",
    "Marketing & sales",
    "Operations",
    "Education",
    "Student",
    "Other",
  ],
  referrer: ["Search engine", "Friend or colleague", "Social media", "Blog or newsletter", "Other"],
} as const;

/** POST /api/user/create_user (spec 3 §7): the details a new user gives. */
export const zCreateUserInput = z.object({
  country: z.string().trim().min(1, "Choose your country.").max(80),
  company_size: z.enum(userDetailChoices.companySize, { message: "Choose your company size." }),
  kind_of_work: z.enum(userDetailChoices.kindOfWork, { message: "Choose the kind of work you do." }),
  referrer: z.enum(userDetailChoices.referrer, { message: "Tell us how you heard of Mnemo." }),
  role: z.string().trim().min(1, "Enter your role.").max(80),
  /** Billing references when a plan was bought at sign-up (none in a self-hosted install). */
  customer_id: z.string().max(200).optional(),
  price_id: z.string().max(200).optional(),
});
export type CreateUserInput = z.infer<typeof zCreateUserInput>;

/** PUT /api/user/onboarding_step (spec 3 §7 update onboarding step). */
export const zOnboardingStepInput = z.object({ step: z.number().int().min(0).max(3) });

/**
 * One welcome sample item as the server recognises it among the account's memories (spec 3 §3
 * Sample item): a page by its title, a web page by its link, an image by its file name.
 */
export const zWelcomeItemRef = z.object({
  key: z.string().min(1).max(200),
  type: z.enum(["page", "webpage", "image"]),
  title: z.string().min(1).max(300),
  url: z.string().max(2000).nullable(),
});
export type WelcomeItemRef = z.infer<typeof zWelcomeItemRef>;

/**
 * POST /api/user/welcome_items: the web app names the account's welcome items (`start` when
 * onboarding finishes, `resume` on a later load); the server answers which of them this caller
 * adds now (those the account does not have yet), none when they were finished, when the account
 * never started them (resume), or while another tab is adding them (then `retry_after_ms`).
 */
export const zWelcomeItemsClaimInput = z.object({
  mode: z.enum(["start", "resume"]),
  items: z.array(zWelcomeItemRef).max(20),
});
export type WelcomeItemsClaimInput = z.infer<typeof zWelcomeItemsClaimInput>;
export const zWelcomeItemsClaim = z.object({
  add: z.array(z.string()),
  retry_after_ms: z.number().int().positive().optional(),
});
export type WelcomeItemsClaim = z.infer<typeof zWelcomeItemsClaim>;

/** POST /api/user/welcome_items/finish: every welcome item was sent; none is added again. */
export const zWelcomeItemsFinish = z.object({ success: z.literal(true) });
