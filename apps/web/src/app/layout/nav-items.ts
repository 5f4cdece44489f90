import {
  BrainIcon,
  Building2Icon,
  FolderClosedIcon,
  LayersIcon,
  MessagesSquareIcon,
  ScrollTextIcon,
  SettingsIcon,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (the memory wall at `/`). */
  end?: boolean;
  /** Shows the count of due review cards beside it. */
  dueBadge?: boolean;
}

/**
 * The spec's main navigation: memory wall, chat history, collections, settings; organisations
 * (issue 20); the brief of everything and review cards with their due count (issue 45).
 */
export const mainNav: NavItem[] = [
  { label: "Memories", to: "/", icon: BrainIcon, end: true },
  { label: "Chats", to: "/chat", icon: MessagesSquareIcon },
  { label: "Collections", to: "/collections", icon: FolderClosedIcon },
  { label: "Brief", to: "/brief", icon: ScrollTextIcon },
  { label: "Review", to: "/review", icon: LayersIcon, dueBadge: true },
  { label: "Organisation", to: "/org", icon: Building2Icon },
  { label: "Settings", to: "/settings", icon: SettingsIcon },
];
