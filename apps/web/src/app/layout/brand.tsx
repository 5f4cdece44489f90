import { Logo } from "@/components/logo";
import { cn } from "@/lib/utils";

/** The shell's name and icon: Mnemo's, or a white-labelled organisation's (spec 3 §6). */
export type Brand = { name: string; icon: string | null } | null;

export function BrandIcon({ brand, className }: { brand: Brand; className?: string }) {
  if (brand?.icon)
    return (
      <img
        src={brand.icon}
        alt=""
        data-testid="brand-icon"
        className={cn("size-7 rounded-md object-contain", className)}
      />
    );
  return <Logo className={className} />;
}

export const brandName = (brand: Brand) => brand?.name ?? "Mnemo";
