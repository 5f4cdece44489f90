import { useEffect, useState } from "react";
import { desktopBridge } from "../logic/desktop-bridge";

/** Whether the desktop shell (when there is one) has downloaded an update. */
export function useDesktopUpdate(): boolean {
  const [downloaded, setDownloaded] = useState(false);
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    return bridge.onUpdateDownloaded(() => setDownloaded(true));
  }, []);
  return downloaded;
}
