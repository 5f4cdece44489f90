import { BotIcon, ChevronDownIcon, CpuIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { LlmOption } from "@mnemo/contracts/llm";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** Model / agent picker: inactive entries disabled with 'Temporarily unavailable'; 'Loading LLMs...' while empty. */
export function ModelPicker({
  options,
  value,
  canChoose,
  onChange,
}: {
  options: LlmOption[];
  value: string | null;
  canChoose: boolean;
  onChange: (id: string) => void;
}) {
  const navigate = useNavigate();
  const current = options.find((o) => o.id === value);
  const llms = options.filter((o) => o.type === "llm");
  const agents = options.filter((o) => o.type === "agent");
  const pick = (o: LlmOption) => {
    if (!canChoose) {
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
  const item = (o: LlmOption) => (
    <DropdownMenuItem
      key={o.id}
      disabled={!o.is_active}
      onSelect={() => pick(o)}
      className="flex-col items-start gap-0"
      data-active={o.id === value}
    >
      <span className="font-medium">{o.name}</span>
      {!o.is_active && <span className="text-xs text-muted-foreground">{chatMessages.modelUnavailable}</span>}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 max-w-32 gap-1 px-2 text-xs sm:max-w-44"
          aria-label="Model"
        >
          {current?.type === "agent" ? <BotIcon className="size-3.5" /> : <CpuIcon className="size-3.5" />}
          <span className="truncate">
            {current?.name ?? (options.length ? "Model" : chatMessages.loadingModels)}
          </span>
          <ChevronDownIcon className="size-3" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-64 overflow-y-auto">
        {options.length === 0 && <DropdownMenuItem disabled>{chatMessages.loadingModels}</DropdownMenuItem>}
        {llms.length > 0 && <DropdownMenuLabel>Models</DropdownMenuLabel>}
        {llms.map(item)}
        {agents.length > 0 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Agents</DropdownMenuLabel>
            {agents.map(item)}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
