import { useState } from "react";
import { chatMessages } from "@mnemo/contracts/messages";
import type { useComposer } from "../hooks/use-composer";
import { AppsPicker } from "./apps-picker";
import { ChatInput } from "./chat-input";
import { ContextPicker } from "./context-picker";
import { ModelPicker, type ModelChoices } from "./model-picker";

/**
 * The bottom of a conversation: the input with its modes, pickers, context chips and attachments
 * (what the scope allows), and the context picker it opens. Visitors get the bare input.
 */
export function ChatComposer({
  composer,
  models,
  llm,
  visitor,
  memoryChat,
  pageChat,
  busy,
  connectedApps,
  onSend,
  onStop,
  onToggleWeb,
  webUnavailable,
  creativeUnavailable,
  agentsRefusal,
}: {
  composer: ReturnType<typeof useComposer>;
  models: ModelChoices;
  llm: string | null;
  visitor: boolean;
  /** One memory's own chat: no extra context or attachments. */
  memoryChat: boolean;
  pageChat?: boolean;
  busy: boolean;
  /** The user's connected apps (the Apps picker's list). */
  connectedApps: { id: string; name: string }[];
  onSend: () => void;
  onStop: () => void;
  onToggleWeb: () => void;
  /** Why the Web toggle is disabled (no provider). */
  webUnavailable?: string;
  /** Why the Creative toggle is disabled (no generative model). */
  creativeUnavailable?: string;
  /** Agents are exhausted for today: they are disabled in the picker with this message. */
  agentsRefusal?: string;
}) {
  const [contextOpen, setContextOpen] = useState(false);
  const extras = !visitor && !memoryChat;
  return (
    <>
      <ChatInput
        value={composer.prompt}
        onChange={composer.setPrompt}
        onSend={onSend}
        onStop={onStop}
        busy={busy}
        placeholder={pageChat ? chatMessages.pageInputPlaceholder : chatMessages.inputPlaceholder}
        modes={
          visitor
            ? undefined
            : {
                creative: composer.modes.includes("creative"),
                web: composer.modes.includes("web"),
                onCreative: () => composer.toggleMode("creative"),
                onWeb: onToggleWeb,
                webUnavailable,
                creativeUnavailable,
              }
        }
        pickers={
          visitor ? undefined : (
            <>
              <AppsPicker apps={connectedApps} selected={composer.apps} onChange={composer.setApps} />
              <ModelPicker
                models={models}
                value={llm}
                onChange={composer.setLlm}
                agentsRefusal={agentsRefusal}
              />
            </>
          )
        }
        context={
          extras
            ? { chips: composer.chips, onAdd: () => setContextOpen(true), onRemove: composer.removeChip }
            : undefined
        }
        attachments={
          extras
            ? { items: composer.attachments, onPick: composer.pickFiles, onRemove: composer.removeAttachment }
            : undefined
        }
      />
      {!visitor && (
        <ContextPicker
          open={contextOpen}
          onOpenChange={setContextOpen}
          selected={composer.chips}
          onToggle={composer.toggleChip}
        />
      )}
    </>
  );
}
