// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { UploadItem, UploadItemStatus } from "../state/upload-store";
import { UploadList } from "./upload-list";

const row = (status: UploadItemStatus): UploadItem => ({
  key: `k-${status}`,
  kind: "link",
  title: `https://garden.example/${status}`,
  link: `https://garden.example/${status}`,
  status,
  serverType: "webpage",
  notify: false,
  inDialog: true,
});

afterEach(cleanup);

describe("upload list rows (issue 41: share target)", () => {
  it("in the share-target dialog, a row on the server reads Ready to save, never Added, before Save Memories", () => {
    render(
      <UploadList items={[row("uploading"), row("indexing"), row("success"), row("errored")]} awaitingSave />,
    );
    const text = (status: string) =>
      screen.getByText(`https://garden.example/${status}`).closest("li")!.textContent;
    expect(text("uploading")).toContain("Uploading");
    expect(text("indexing")).toContain("Ready to save");
    expect(text("success")).toContain("Ready to save");
    expect(text("success")).not.toContain("Added");
    expect(text("errored")).toContain("Failed");
  });

  it("elsewhere (Add Links, onboarding) a row keeps Indexing and Added", () => {
    render(<UploadList items={[row("indexing"), row("success")]} />);
    expect(screen.getByText("https://garden.example/success").closest("li")!.textContent).toContain("Added");
    expect(screen.getByText("https://garden.example/indexing").closest("li")!.textContent).toContain(
      "Indexing",
    );
  });
});
