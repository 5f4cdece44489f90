import { useQuery } from "@tanstack/react-query";
import { BookOpenIcon, LifeBuoyIcon } from "lucide-react";
import { supportMessages, type SiteSupport } from "@mnemo/contracts";
import { InfoDialog } from "@/components/ui/dialog";
import { getSiteSupport } from "../api/support";

const linkClass = "font-medium text-primary underline underline-offset-4";

/**
 * Contact support. Mnemo is self-hosted, so help comes from whoever runs this server: the dialog
 * names SUPPORT_CONTACT (a mailto: link for an e-mail address), else the first site administrator,
 * and links the docs (DOCS_URL, by default the README the server serves).
 */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const support = useQuery({
    queryKey: ["site-support"],
    queryFn: ({ signal }) => getSiteSupport(signal),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={
        <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/12 text-primary">
          <LifeBuoyIcon className="size-5" aria-hidden />
        </div>
      }
      title="Contact support"
      description={supportMessages.intro}
    >
      {support.data ? <SupportDetails support={support.data} /> : null}
    </InfoDialog>
  );
}

function SupportDetails({ support }: { support: SiteSupport }) {
  const { contact } = support;
  return (
    <div className="flex flex-col gap-3 text-sm">
      {contact ? (
        <p>
          {supportMessages.contactLabel}{" "}
          <a
            className={linkClass}
            href={contact.kind === "email" ? `mailto:${contact.value}` : contact.value}
            {...(contact.kind === "url" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {contact.value}
          </a>
        </p>
      ) : (
        <p>{supportMessages.askAdmin({ name: support.admin_name })}</p>
      )}
      <p>
        <a
          className={`${linkClass} inline-flex items-center gap-1.5`}
          href={support.docs_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          <BookOpenIcon className="size-4" aria-hidden />
          {supportMessages.docsLink}
        </a>
      </p>
    </div>
  );
}
