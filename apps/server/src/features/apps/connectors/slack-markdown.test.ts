import { describe, expect, it } from "vitest";
import { dayMarkdown, groupByDay, slackText } from "./slack-markdown.ts";

const names = new Map([
  ["U1", "Ada"],
  ["U2", "Ben"],
]);

describe("Slack as Markdown", () => {
  it("turns mentions, channel links and links into text", () => {
    expect(slackText("<@U2> see <#C1|general> and <https://x.example|the doc> &amp; <!here>", names)).toBe(
      "@Ben see #general and [the doc](https://x.example) & @here",
    );
  });

  it("keeps each thread under its parent, in order, one memory per day", () => {
    const noon = Date.UTC(2026, 10, 20, 12) / 1000;
    const threads = [
      { parent: { ts: `${noon + 60}.000001`, user: "U1", text: "Second" }, replies: [] },
      {
        parent: { ts: `${noon}.000001`, user: "U2", text: "First", reply_count: 2 },
        replies: [
          { ts: `${noon + 30}.000001`, user: "U1", text: "reply b", thread_ts: `${noon}.000001` },
          { ts: `${noon + 10}.000001`, user: "U1", text: "reply a", thread_ts: `${noon}.000001` },
        ],
      },
      // A deleted parent without replies left is gone; a day holding only it is empty.
      { parent: { ts: `${noon + 86_400}.000001`, subtype: "tombstone" }, replies: [] },
    ];
    const days = groupByDay(threads);
    expect([...days.keys()]).toEqual(["2026-11-20"]);
    expect(dayMarkdown("general", "2026-11-20", days.get("2026-11-20")!, names)).toBe(
      "# #general · 2026-11-20\n\n**Ben** 12:00: First\n> **Ada** 12:00: reply a\n> **Ada** 12:00: reply b\n\n**Ada** 12:01: Second",
    );
  });
});
