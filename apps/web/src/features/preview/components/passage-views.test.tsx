// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { passageMessages } from "@mnemo/contracts";
import { CsvTable } from "./csv-table";
import { PassageFrame } from "./passage-frame";

afterEach(cleanup);

describe("opening a cited passage", () => {
  it("marks and focuses the cited row of a table", () => {
    render(<CsvTable csv={"fruit,qty\napples,3\npears,5\nplums,8"} highlightRow={2} />);
    const row = screen.getByTestId("passage-highlight");
    expect(row.textContent).toBe("pears5");
    expect(document.activeElement).toBe(row);
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
