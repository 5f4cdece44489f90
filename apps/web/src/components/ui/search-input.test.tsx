// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { SearchInput } from "./input";

afterEach(cleanup);

/** A clearable search box holding its own text; `busy` and `placeholder` as given. */
function Box(props: { busy?: boolean; placeholder?: string }) {
  const [q, setQ] = useState("");
  return <SearchInput label="Search memories" value={q} onChange={setQ} clearable {...props} />;
}

describe("SearchInput", () => {
  it("is named by its label, which is also the placeholder unless one is given", () => {
    render(<Box />);
    expect(screen.getByRole("searchbox", { name: "Search memories" })).toHaveProperty(
      "placeholder",
      "Search memories",
    );
    cleanup();
    render(<Box placeholder="Search your memories" />);
    expect(screen.getByRole("searchbox", { name: "Search memories" })).toHaveProperty(
      "placeholder",
      "Search your memories",
    );
  });

  it("offers Clear search only while there is text, and clearing empties the box", () => {
    render(<Box />);
    const box = screen.getByRole("searchbox", { name: "Search memories" });
    expect(screen.queryByRole("button", { name: "Clear search" })).toBeNull();
    fireEvent.change(box, { target: { value: "tides" } });
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(box).toHaveProperty("value", "");
    expect(screen.queryByRole("button", { name: "Clear search" })).toBeNull();
  });

  it("announces Searching… while busy", () => {
    render(<Box busy />);
    expect(screen.getByRole("status").textContent).toBe("Searching…");
    cleanup();
    render(<Box />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
