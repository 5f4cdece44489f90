import {
  BrainIcon,
  Building2Icon,
  FolderClosedIcon,
  MessagesSquareIcon,
  SettingsIcon,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the memory wall at `/`). */
  end?: boolean;
}

/** The spec's main navigation: memory wall, chat history, collections, settings; organisations (issue 20). */
export const mainNav: NavItem[] = [
  { label: "Memories", to: "/", icon: BrainIcon, end: true },
  { label: "Chats", to: "/chat", icon: MessagesSquareIcon },
  { label: "Collections", to: "/collections", icon: FolderClosedIcon },
  { label: "Organisation", to: "/org", icon: Building2Icon },
  { label: "Settings", to: "/settings", icon: SettingsIcon },
];
