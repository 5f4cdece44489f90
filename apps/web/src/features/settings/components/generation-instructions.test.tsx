// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { GenerationInstructions } from "./generation-instructions";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("generation instructions in settings", () => {
  it("shows the saved instructions and saves an edit", async () => {
    const calls = scriptServer({
      "GET /api/user_generation_instructions": { body: { generation_instructions: "Answer briefly." } },
      "POST /api/user_generation_instructions": (body) => ({
        body: {
          success: true,
          generation_instructions: (body as { generation_instructions: string }).generation_instructions,
        },
      }),
    });
    renderScreen(<GenerationInstructions />);
    const box = (await screen.findByRole("textbox", {
      name: "Generation instructions",
    })) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe("Answer briefly."));
    const save = screen.getByRole("button", { name: "Save instructions" });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(box, { target: { value: "Answer in French.  " } });
    expect(save).toHaveProperty("disabled", false);
    fireEvent.click(save);
    await screen.findByText("Generation instructions saved.");
    expect(calls.find((c) => c.key === "POST /api/user_generation_instructions")?.body).toEqual({
      generation_instructions: "Answer in French.",
    });
    await waitFor(() => expect(save).toHaveProperty("disabled", true));
  });

  it("says so when they cannot be loaded", async () => {
    scriptServer({ "GET /api/user_generation_instructions": { status: 500, body: { error: "internal" } } });
    renderScreen(<GenerationInstructions />);
    expect((await screen.findByRole("alert")).textContent).toContain("could not be loaded");
  });
});
