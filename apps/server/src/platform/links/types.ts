/** What fetching a link yields (SSRF-safe fetch + readable extraction). */
export type FetchedPage = {
  url: string;
  finalUrl: string;
  title: string;
  description: string;
  ogImage?: string;
  /** Readable content as Markdown. */
  markdown: string;
  /** Whether the site allows being embedded in a frame (X-Frame-Options / CSP frame-ancestors). */
  iframeSupport: boolean;
  /** webpage | video | social */
  kind: "webpage" | "video" | "social";
  /** e.g. "empty_transcript" for a video without captions. */
  warning?: string;
  meta: Record<string, unknown>;
};
