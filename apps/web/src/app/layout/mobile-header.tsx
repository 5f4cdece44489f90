import { useState } from "react";
import { Link } from "react-router";
import { MenuIcon } from "lucide-react";
import type { Me } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";
import { BrandIcon, brandName, type Brand } from "./brand";

/** Top bar under 1024 px: menu button opening the navigation drawer, logo, user menu. */
export function MobileHeader({ me, brand }: { me: Me | undefined; brand: Brand }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur lg:hidden">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open navigation"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon className="size-5" />
      </Button>
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        aria-label={`${brandName(brand)} home`}
      >
        <BrandIcon brand={brand} className="size-6" />
        <span className="font-semibold tracking-tight" data-testid="brand-name">
          {brandName(brand)}
        </span>
      </Link>
      <div className="ml-auto">
        <UserMenu me={me} compact />
      </div>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <div className="flex h-14 items-center gap-2 px-4">
            <BrandIcon brand={brand} />
            <SheetTitle className="text-[15px] font-semibold tracking-tight">{brandName(brand)}</SheetTitle>
            <SheetDescription className="sr-only">Navigation</SheetDescription>
          </div>
          <div className="flex flex-1 flex-col overflow-y-auto py-2">
            <SidebarNav collapsed={false} onNavigate={() => setOpen(false)} />
          </div>
          <div className="border-t border-sidebar-border p-2">
            <UserMenu me={me} />
          </div>
        </SheetContent>
      </Sheet>
    </header>
  );
}
