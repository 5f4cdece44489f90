import { describe, expect, it } from "vitest";
import { toastPlacement } from "./toast-placement";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const rect = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe("toast placement beside an open dialog", () => {
  it.each([
    ["no dialog", null, desktop, "bottom-right"],
    ["a small centred dialog leaves the corner free", rect(416, 250, 864, 550), desktop, "bottom-right"],
    ["a wide dialog: above it, where the room is", rect(256, 120, 1024, 700), desktop, "top-center"],
    ["a wide dialog high on the screen: below it", rect(256, 40, 1024, 600), desktop, "bottom-center"],
    ["a right-hand side sheet: on its left", rect(830, 0, 1280, 800), desktop, "bottom-left"],
    ["a phone dialog: above it", rect(16, 260, 374, 640), phone, "top-center"],
    ["a full-height phone dialog: above (never over its buttons)", rect(0, 0, 390, 844), phone, "top-center"],
  ] as const)("%s", (_, dialog, viewport, position) =>
    expect(toastPlacement(dialog, viewport)).toBe(position),
  );
});
