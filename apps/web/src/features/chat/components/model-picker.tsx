import { BotIcon, CpuIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { LlmOption } from "@mnemo/contracts/llm";
import { chatMessages } from "@mnemo/contracts/messages";
import { Menu } from "@/components/ui/dropdown-menu";
import { PickerTrigger } from "./picker-trigger";

/** What the user may pick from (useModels): the entries, and whether the plan lets them choose a model. */
export type ModelChoices = { options: LlmOption[]; canChoose: boolean };

/** Model / agent picker: inactive entries disabled with 'Temporarily unavailable'; 'Loading LLMs...' while empty. */
export function ModelPicker({
  models: { options, canChoose },
  value,
  onChange,
  agentsRefusal,
}: {
  models: ModelChoices;
  value: string | null;
  onChange: (id: string) => void;
  /** Agents have no uses left today (spec 1 §5): disabled with this message. */
  agentsRefusal?: string;
}) {
  const navigate = useNavigate();
  const current = options.find((o) => o.id === value);
  const llms = options.filter((o) => o.type === "llm");
  const agents = options.filter((o) => o.type === "agent");
  const pick = (o: LlmOption) => {
    if (!canChoose && o.type !== "agent") {
      toast("Choosing a model is part of the paid plans.", {
        action: {
          label: chatMessages.labels.upgrade,
          onClick: () => void navigate({ search: "?showPlans=true" }),
        },
      });
      return;
    }
    onChange(o.id);
  };
  const item = (o: LlmOption) => {
    const exhausted = o.type === "agent" && o.is_active && agentsRefusal;
    return (
      <Menu.Item
        key={o.id}
        disabled={!o.is_active || Boolean(exhausted)}
        onSelect={() => pick(o)}
        className="flex-col items-start gap-0"
        data-active={o.id === value}
      >
        <span className="font-medium">{o.name}</span>
        {!o.is_active && (
          <span className="text-xs text-muted-foreground" title={o.reason}>
            {chatMessages.modelUnavailable}
          </span>
        )}
        {exhausted && <span className="text-xs text-muted-foreground">{agentsRefusal}</span>}
      </Menu.Item>
    );
  };
  return (
    <Menu.Root>
      {/* The whole name where the row has room (it wraps to a row of its own on a phone); cut only
          when longer than the row. */}
      <PickerTrigger
        label="Model"
        icon={current?.type === "agent" ? BotIcon : CpuIcon}
        className="max-w-full min-w-0"
      >
        {current?.name ?? (options.length ? "Model" : chatMessages.loadingModels)}
      </PickerTrigger>
      <Menu.Content align="start" className="max-h-80 w-64 overflow-y-auto">
        {options.length === 0 && <Menu.Item disabled>{chatMessages.loadingModels}</Menu.Item>}
        {llms.length > 0 && <Menu.Label>Models</Menu.Label>}
        {llms.map(item)}
        {agents.length > 0 && (
          <>
            <Menu.Separator />
            <Menu.Label>Agents</Menu.Label>
            {agents.map(item)}
          </>
        )}
      </Menu.Content>
    </Menu.Root>
  );
}
