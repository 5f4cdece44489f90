import { useEffect, useRef, useState } from "react";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { notices } from "@mnemo/contracts/constants";
import { useMe, useUpdateMetadata } from "@/features/users";
import { getAppUpdates } from "../api/notices";
import { desktopBridge, desktopVersionToFetch } from "../logic/desktop-bridge";

const appUpdatesKey = ["notices", "app-updates"] as const;

/**
 * Reads the feed again (the live stream is back: the server may have restarted with another
 * DESKTOP_APP_VERSION). Only a page inside a desktop shell has it loaded.
 */
export function refreshAppUpdates(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: appUpdatesKey });
}

/**
 * Whether the desktop shell (when there is one) has downloaded an update. Inside a shell the
 * `app-metadata/updates` feed is read on load and every 15 minutes; a desktop version newer than
 * the shell's is handed to the shell to download, once per version. The user's document keeps
 * that they use the desktop app and its version (hasDesktopApp, desktopAppVersion; spec 3 §3).
 */
export function useDesktopUpdate(intervalMs: number = notices.versionCheckIntervalMs): boolean {
  const [bridge] = useState(() => desktopBridge());
  const [downloaded, setDownloaded] = useState(false);
  useEffect(() => bridge?.onUpdateDownloaded(() => setDownloaded(true)), [bridge]);
  const feed = useQuery({
    queryKey: appUpdatesKey,
    queryFn: ({ signal }) => getAppUpdates(signal),
    enabled: bridge !== null,
    refetchInterval: intervalMs,
    staleTime: 60_000,
  });
  const { data: me } = useMe();
  const { mutate: recordDesktop } = useUpdateMetadata();
  const running = bridge?.version;
  const recorded = me?.metadata.desktopAppVersion;
  useEffect(() => {
    if (!me || !running || (recorded === running && me.metadata.hasDesktopApp)) return;
    recordDesktop({ hasDesktopApp: true, desktopAppVersion: running.slice(0, 64) });
  }, [me, running, recorded, recordDesktop]);
  const wanted = bridge ? desktopVersionToFetch(feed.data, bridge.version) : null;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || downloaded || !bridge?.downloadUpdate || asked.current === wanted) return;
    asked.current = wanted;
    bridge.downloadUpdate(wanted);
  }, [bridge, wanted, downloaded]);
  return downloaded;
}
