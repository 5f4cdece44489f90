import { memories } from "@mnemo/contracts/constants";

/** Width of the title edit box in characters: the text's length, at most 45 (spec 2 §2, §9). */
export function titleBoxWidthCh(text: string): number {
  return Math.min(memories.titleEditMaxChars, Math.max(12, text.length + 2));
}

/** A new title is accepted only when it is not blank (spec 2 §5); it is sent trimmed. */
export function acceptedTitle(draft: string): string | null {
  const t = draft.trim();
  return t ? t : null;
}
