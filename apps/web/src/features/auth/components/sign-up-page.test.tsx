// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { authMessages } from "@mnemo/contracts";
import { authToken } from "@/lib/auth-token";
import { renderScreen, scriptServer } from "@/test/render";
import { SignUpPage } from "./sign-up-page";

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

describe("sign-up screen", () => {
  it("validates inline and sends nothing while the form is invalid", async () => {
    const calls = scriptServer({});
    renderScreen(<SignUpPage />, "/sign-up");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Full name is required.")).toBeTruthy();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    fill("Full name", "Ada Lovelace");
    expect(screen.queryByText("Full name is required.")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the email is taken and keeps the person signed out", async () => {
    const calls = scriptServer({
      "POST /api/auth/sign-up": {
        status: 409,
        body: { error: "conflict", message: "An account with this email already exists." },
      },
    });
    renderScreen(<SignUpPage />, "/sign-up");
    fill("Full name", "Ada Lovelace");
    fill("Email", "ADA@example.com ");
    fill("Password", "long enough");
    fireEvent.submit(screen.getByRole("form", { name: "Sign up" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists.");
    // the contract's schema normalised the email before sending
    expect(calls[0].body).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "long enough",
    });
    expect(calls[0].headers.Source).toBe("webapp");
    expect(authToken.get()).toBeNull();
  });

  it("keeps the token of a new account", async () => {
    scriptServer({
      "POST /api/auth/sign-up": {
        body: { token: "tok", user: { id: "u1", name: "Ada", email: "ada@example.com" } },
      },
    });
    renderScreen(<SignUpPage />, "/sign-up");
    fill("Full name", "Ada");
    fill("Email", "ada@example.com");
    fill("Password", "long enough");
    fireEvent.submit(screen.getByRole("form", { name: "Sign up" }));
    await waitFor(() => expect(authToken.get()).toBe("tok"));
  });

  it("says to check the e-mail when the server requires verification, and stays signed out", async () => {
    scriptServer({
      "POST /api/auth/sign-up": {
        body: { verification_required: true, message: authMessages.checkEmailToFinish },
      },
    });
    renderScreen(<SignUpPage />, "/sign-up");
    fill("Full name", "Ada");
    fill("Email", "ada@example.com");
    fill("Password", "long enough");
    fireEvent.submit(screen.getByRole("form", { name: "Sign up" }));
    expect((await screen.findByRole("status")).textContent).toBe(authMessages.checkEmailToFinish);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(authToken.get()).toBeNull();
  });
});
