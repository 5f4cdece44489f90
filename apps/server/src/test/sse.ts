/** Reads server-sent events one at a time, as a browser's EventSource would. */
export function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  return {
    async next(): Promise<{ event: string; data: unknown; id?: string } | undefined> {
      for (;;) {
        const idx = buf.indexOf("\n\n");
        if (idx >= 0) {
          const block = buf.slice(0, idx);
          buf = buf.slice(idx + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
          const id = /^id: (.*)$/m.exec(block)?.[1];
          return id === undefined ? { event, data: JSON.parse(data) } : { event, data: JSON.parse(data), id };
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buf += decoder.decode(value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}
