import { Link } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Building2Icon, FolderIcon, SettingsIcon } from "lucide-react";
import { toast } from "sonner";
import { Menu } from "@/components/ui/dropdown-menu";
import { setActiveOrganization } from "../api/orgs";
import { orgKeys, useActiveOrganization, useOrganizations } from "../hooks/use-org";

/** Shared collections listed under the active organisation at most. */
const SHOWN_COLLECTIONS = 5;

/**
 * The user menu's organisation part, for members of at least one organisation: choose the active
 * organisation (kept on this sign-in session by the server); the white-label, the organisation's
 * shared collections and its admin link follow the choice.
 */
export function OrgSwitcher() {
  const qc = useQueryClient();
  const { data: orgs } = useOrganizations();
  const { data: active } = useActiveOrganization();
  const choose = useMutation({
    mutationFn: setActiveOrganization,
    onSuccess: (next) => {
      qc.setQueryData(orgKeys.active, next);
      // The white-label and every organisation view follow the new choice.
      void qc.invalidateQueries({ queryKey: orgKeys.all });
    },
    onError: (err: Error) => toast.error(err.message),
  });
  const list = orgs?.organizations ?? [];
  if (list.length === 0) return null;
  const current = active?.organization ?? null;
  const isAdmin = current?.role === "owner" || current?.role === "admin";
  return (
    <>
      <Menu.Separator />
      <Menu.Label className="py-1 text-xs font-medium text-muted-foreground" id="org-menu-label">
        Organisation
      </Menu.Label>
      <Menu.RadioGroup
        value={current?.id ?? ""}
        onValueChange={(id) => {
          if (id !== current?.id) choose.mutate(id);
        }}
        aria-labelledby="org-menu-label"
      >
        {list.map((o) => (
          <Menu.RadioItem key={o.id} value={o.id} disabled={choose.isPending}>
            <Building2Icon /> <span className="truncate">{o.name}</span>
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
      {current && isAdmin && (
        <Menu.Item asChild>
          <Link to={`/org/${encodeURIComponent(current.id)}/admin`}>
            <SettingsIcon /> <span className="truncate">Manage {current.name}</span>
          </Link>
        </Menu.Item>
      )}
      {active?.shared_collections.slice(0, SHOWN_COLLECTIONS).map((c) => (
        <Menu.Item asChild key={c.collection_id}>
          <Link to={`/collections/${encodeURIComponent(c.collection_id)}`}>
            <FolderIcon /> <span className="truncate">{c.collection_name}</span>
          </Link>
        </Menu.Item>
      ))}
    </>
  );
}
