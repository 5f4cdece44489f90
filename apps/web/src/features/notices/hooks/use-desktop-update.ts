import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { notices } from "@mnemo/contracts/constants";
import { getAppUpdates } from "../api/notices";
import { desktopBridge, desktopVersionToFetch } from "../logic/desktop-bridge";

/**
 * Whether the desktop shell (when there is one) has downloaded an update. Inside a shell the
 * `app-metadata/updates` feed is read on load and every 15 minutes; a desktop version newer than
 * the shell's is handed to the shell to download, once per version.
 */
export function useDesktopUpdate(intervalMs: number = notices.versionCheckIntervalMs): boolean {
  const [bridge] = useState(() => desktopBridge());
  const [downloaded, setDownloaded] = useState(false);
  useEffect(() => bridge?.onUpdateDownloaded(() => setDownloaded(true)), [bridge]);
  const feed = useQuery({
    queryKey: ["notices", "app-updates"],
    queryFn: ({ signal }) => getAppUpdates(signal),
    enabled: bridge !== null,
    refetchInterval: intervalMs,
    staleTime: 60_000,
  });
  const wanted = bridge ? desktopVersionToFetch(feed.data, bridge.version) : null;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || downloaded || !bridge?.downloadUpdate || asked.current === wanted) return;
    asked.current = wanted;
    bridge.downloadUpdate(wanted);
  }, [bridge, wanted, downloaded]);
  return downloaded;
}
