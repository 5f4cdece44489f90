// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { passageMessages } from "@mnemo/contracts";
import { CsvTable } from "./csv-table";
import { PassageFrame } from "./passage-frame";
import { SheetsView } from "./sheets-view";

afterEach(cleanup);

describe("opening a cited passage", () => {
  it("marks and focuses the cited row of a table", () => {
    render(<CsvTable csv={"fruit,qty\napples,3\npears,5\nplums,8"} highlightRow={2} />);
    const row = screen.getByTestId("passage-highlight");
    expect(row.textContent).toBe("pears5");
    expect(document.activeElement).toBe(row);
  });

  it("shows every sheet as a tab and opens a citation into sheet 2 on sheet 2 at its row", () => {
    const markdown = [
      "## Stock",
      "",
      "| fruit | qty |",
      "| --- | --- |",
      "| apples | 3 |",
      "",
      "## Suppliers",
      "",
      "| name | day |",
      "| --- | --- |",
      "| Orchard Co | Monday |",
      "| Valley Farm | Thursday |",
    ].join("\n");
    const passage = {
      chunk_id: "s:1",
      start: 0,
      end: 1,
      heading: "Suppliers",
      quote: "",
      sheet: "Suppliers",
      row: 2,
    };
    render(<SheetsView csv={"fruit,qty\napples,3"} markdown={markdown} passage={passage} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Stock", "Suppliers"]);
    expect(tabs[1]!.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("passage-highlight").textContent).toBe("Valley FarmThursday");
  });

  it("highlights the quote across the text's own line breaks and emphasis", () => {
    render(
      <PassageFrame quote="The keeper polished the lens." ready="x">
        <p>
          Intro. The keeper <strong>polished</strong> the{"\n"}lens. Outro.
        </p>
      </PassageFrame>,
    );
    const marks = screen.getAllByTestId("passage-highlight");
    expect(marks.map((m) => m.textContent)).toEqual(["The keeper ", "polished", " the", "lens."]);
    expect(screen.queryByTestId("passage-notice")).toBeNull();
  });

  it("says so when the passage is not there", () => {
    render(
      <PassageFrame quote="A sentence that was edited away." ready="x">
        <p>Something else entirely.</p>
      </PassageFrame>,
    );
    expect(screen.getByTestId("passage-notice").textContent).toContain(passageMessages.notFound);
    expect(screen.queryByTestId("passage-highlight")).toBeNull();
  });
});
