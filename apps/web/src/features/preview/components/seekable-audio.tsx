import { useEffect, useRef } from "react";

/**
 * An audio player that starts at `time` (seconds), e.g. a cited transcript line (issue 22). The
 * seek happens once the metadata is known and again whenever `seekKey` changes (the same citation
 * clicked again). Seeking needs the server to answer byte ranges (blob downloads do, issue 18).
 */
export function SeekableAudio({
  url,
  name,
  mimeType,
  time,
  seekKey,
}: {
  url: string;
  name: string;
  mimeType?: string;
  time?: number;
  seekKey?: unknown;
}) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || time === undefined) return;
    const seek = () => {
      el.currentTime = time;
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else el.addEventListener("loadedmetadata", seek, { once: true });
    return () => el.removeEventListener("loadedmetadata", seek);
  }, [time, url, seekKey]);
  return (
    <audio ref={ref} controls preload="metadata" className="w-full max-w-xl" data-testid="preview-audio">
      <source src={url} type={mimeType?.split(";")[0] || undefined} />
      <a href={url} download={name}>
        Download {name}
      </a>
    </audio>
  );
}
