import {
  AppWindowIcon,
  FileIcon,
  FileTextIcon,
  GlobeIcon,
  ImageIcon,
  NotebookPenIcon,
  PenToolIcon,
  SheetIcon,
  TvIcon,
  type LucideIcon,
} from "lucide-react";
import type { SourceIconKind } from "../logic/source-label";

const icons: Record<SourceIconKind, LucideIcon> = {
  webpage: GlobeIcon,
  video: TvIcon,
  pdf: FileTextIcon,
  table: SheetIcon,
  image: ImageIcon,
  page: NotebookPenIcon,
  canvas: PenToolIcon,
  file: FileIcon,
  app: AppWindowIcon,
};

export function SourceIcon({ kind, className }: { kind: SourceIconKind; className?: string }) {
  const Icon = icons[kind];
  return <Icon className={className} aria-hidden />;
}
