import { useEffect, useState } from "react";
import { greeting } from "@mnemo/contracts/constants";
import { greetingWordsAt } from "../logic/text";

/** The dummy greeting of a new chat: word by word, 65 ms per word after 1.5 s (spec 1 §2). */
export function Greeting() {
  const [elapsed, setElapsed] = useState(0);
  const words = greeting.text.split(" ").length;
  const end = greeting.delayMs + words * greeting.wordDelayMs;
  useEffect(() => {
    const start = performance.now();
    let t: ReturnType<typeof setTimeout>;
    const tick = () => {
      const e = performance.now() - start;
      setElapsed(e);
      if (e < end) t = setTimeout(tick, e < greeting.delayMs ? greeting.delayMs - e : greeting.wordDelayMs);
    };
    t = setTimeout(tick, greeting.delayMs);
    return () => clearTimeout(t);
  }, [end]);
  const text = greetingWordsAt(greeting.text, elapsed, greeting.delayMs, greeting.wordDelayMs);
  return (
    <div className="flex min-h-24 items-start gap-3" data-testid="greeting" aria-live="polite">
      <span className="mt-1 size-2.5 shrink-0 rounded-full bg-primary" aria-hidden />
      <p className="text-lg font-medium">{text}</p>
    </div>
  );
}
