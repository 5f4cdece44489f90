import { describe, expect, it } from "vitest";
import {
  CorruptCanvasError,
  canvasDisplayTitle,
  hasShape,
  parseStoredScene,
  sceneFingerprint,
  shouldAutosave,
} from "./scene";

const el = (id: string, version: number, isDeleted = false) => ({ id, version, isDeleted });

describe("canvas scene helpers", () => {
  it("changes the fingerprint on an edit or a deletion, not otherwise", () => {
    const a = sceneFingerprint([el("a", 1), el("b", 3)]);
    expect(sceneFingerprint([el("a", 1), el("b", 3)])).toBe(a);
    expect(sceneFingerprint([el("a", 2), el("b", 3)])).not.toBe(a);
    expect(sceneFingerprint([el("a", 1)])).not.toBe(a);
    expect(sceneFingerprint([el("a", 1), el("b", 3)], 1)).not.toBe(a);
  });

  it("blocks a save with no shape left", () => {
    expect(hasShape([])).toBe(false);
    expect(hasShape([el("a", 2, true)])).toBe(false);
    expect(hasShape([el("a", 2, true), el("b", 1)])).toBe(true);
  });

  it.each([
    [{ enabled: true, saving: false, dirty: true, readOnly: false }, true],
    [{ enabled: false, saving: false, dirty: true, readOnly: false }, false],
    [{ enabled: true, saving: true, dirty: true, readOnly: false }, false],
    [{ enabled: true, saving: false, dirty: false, readOnly: false }, false],
    [{ enabled: true, saving: false, dirty: true, readOnly: true }, false],
  ])("autosaves only when enabled, idle, changed and editable: %o", (state, expected) => {
    expect(shouldAutosave(state)).toBe(expected);
  });

  it("reads a stored scene and refuses anything else as corrupt", () => {
    const scene = parseStoredScene(
      JSON.stringify({ type: "excalidraw", elements: [el("a", 1)], appState: null }),
    );
    expect(scene.elements).toHaveLength(1);
    expect(scene.appState).toEqual({});
    expect(() => parseStoredScene("{oops")).toThrow(CorruptCanvasError);
    expect(() => parseStoredScene(JSON.stringify({ type: "other", elements: [] }))).toThrow(
      CorruptCanvasError,
    );
    expect(() => parseStoredScene("null")).toThrow(CorruptCanvasError);
  });

  it("shows a canvas title without its .txt", () => {
    expect(canvasDisplayTitle("Board.txt")).toBe("Board");
    expect(canvasDisplayTitle(" .txt")).toBe("Untitled canvas");
  });
});
