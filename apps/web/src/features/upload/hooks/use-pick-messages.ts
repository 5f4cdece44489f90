import { useEffect, useState } from "react";
import { files as fileLimits } from "@mnemo/contracts/constants";

/** Messages of the last file pick: warnings hide after 8 s, errors stay until the next pick. */
export function usePickMessages() {
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  useEffect(() => {
    if (warnings.length === 0) return;
    const id = setTimeout(() => setWarnings([]), fileLimits.warningHideMs);
    return () => clearTimeout(id);
  }, [warnings]);
  return {
    errors,
    warnings,
    show(next: { errors: string[]; warnings: string[] }) {
      setErrors(next.errors);
      setWarnings(next.warnings);
    },
  };
}
