import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { attachFile } from "../api/attach-file";
import { updateContext } from "../api/chats";
import type { Attachment } from "../components/chat-input";
import type { ContextChip } from "../components/context-picker";
import { chatPrefs } from "../logic/prefs";

let seq = 0;

/**
 * The input's state: draft prompt, search modes, model, context chips and attached files. The
 * draft, modes and model are local preferences that survive a reload (main and collection chats).
 */
export function useComposer(opts: { persist: boolean; collectionId?: string | null; chatId: string | null }) {
  const { persist, collectionId, chatId } = opts;
  const [prompt, setPromptState] = useState(() => (persist ? chatPrefs.prompt() : ""));
  const [modes, setModesState] = useState<string[]>(() => (persist ? chatPrefs.searchModes() : []));
  const [llm, setLlmState] = useState<string | null>(() => chatPrefs.selectedLlm(collectionId));
  const [apps, setAppsState] = useState<string[]>(() => chatPrefs.selectedIntegrations());
  const [chips, setChips] = useState<ContextChip[]>([]);
  const [attachments, setAttachments] = useState<Attachment[]>([]);

  const setPrompt = useCallback(
    (p: string) => {
      setPromptState(p);
      if (persist) chatPrefs.setPrompt(p);
    },
    [persist],
  );
  const toggleMode = (m: "web" | "creative") => {
    const next = modes.includes(m)
      ? modes.filter((x) => x !== m)
      : [...modes.filter((x) => (m === "creative" ? x !== "web" : x !== "creative")), m];
    setModesState(next);
    if (persist) chatPrefs.setSearchModes(next);
  };
  const setLlm = (id: string) => {
    setLlmState(id);
    chatPrefs.setSelectedLlm(id, collectionId);
  };
  const setApps = (ids: string[]) => {
    setAppsState(ids);
    chatPrefs.setSelectedIntegrations(ids);
  };

  // Context follows the chat on the server (POST /api/update_context) once the chat exists.
  const contextIds = [...chips.map((c) => c.id), ...attachments.flatMap((a) => (a.id ? [a.id] : []))].join(
    ",",
  );
  useEffect(() => {
    if (!chatId || !contextIds) return;
    void updateContext(chatId, contextIds.split(","), []).catch(() => undefined);
  }, [chatId, contextIds]);

  const toggleChip = (c: ContextChip) =>
    setChips((all) => (all.some((x) => x.id === c.id) ? all.filter((x) => x.id !== c.id) : [...all, c]));
  const removeChip = (id: string) => setChips((all) => all.filter((c) => c.id !== id));

  const pickFiles = (files: File[]) => {
    for (const file of files) {
      const key = `att-${seq++}`;
      setAttachments((all) => [...all, { key, name: file.name, status: "uploading" }]);
      attachFile(file)
        .then((id) =>
          setAttachments((all) => all.map((a) => (a.key === key ? { ...a, status: "ready", id } : a))),
        )
        .catch((err: unknown) => {
          const message =
            err instanceof Error && !("status" in err)
              ? err.message
              : errorMessage(err, `${file.name} could not be uploaded.`);
          toast.error(message);
          setAttachments((all) =>
            all.map((a) => (a.key === key ? { ...a, status: "error", error: message } : a)),
          );
        });
    }
  };
  const removeAttachment = (key: string) => setAttachments((all) => all.filter((a) => a.key !== key));

  const contextList = [
    ...chips.map((c) => ({ id: c.id, type: c.type, title: c.title })),
    ...attachments.flatMap((a) => (a.id ? [{ id: a.id, type: "source", title: a.name }] : [])),
  ];
  return {
    prompt,
    setPrompt,
    modes,
    toggleMode,
    llm,
    setLlm,
    apps,
    setApps,
    chips,
    toggleChip,
    removeChip,
    attachments,
    pickFiles,
    removeAttachment,
    contextList,
  };
}
