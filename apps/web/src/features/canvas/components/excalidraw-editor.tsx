import "./asset-path";
import { Excalidraw, MainMenu, exportToBlob, serializeAsJSON } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI, BinaryFiles } from "@excalidraw/excalidraw/types";
import "@excalidraw/excalidraw/index.css";
import { constants } from "@mnemo/contracts";
import { sceneFingerprint, type SceneElement, type StoredScene } from "../logic/scene";

/** What the canvas page asks of the loaded editor. */
export type CanvasHandle = {
  /** The scene as Excalidraw's own JSON document (with its images). */
  serialize: () => string;
  /** A PNG of the drawing at scale 0.5 (spec 3 §9). */
  screenshot: () => Promise<Blob | null>;
  elements: () => readonly SceneElement[];
};

function handleOf(api: ExcalidrawImperativeAPI): CanvasHandle {
  const scale = constants.editors.canvasScreenshotScale;
  return {
    serialize: () => serializeAsJSON(api.getSceneElements(), api.getAppState(), api.getFiles(), "local"),
    screenshot: () =>
      exportToBlob({
        elements: api.getSceneElements(),
        appState: { ...api.getAppState(), exportBackground: true },
        files: api.getFiles(),
        mimeType: "image/png",
        getDimensions: (width: number, height: number) => ({
          width: width * scale,
          height: height * scale,
          scale,
        }),
      }),
    elements: () => api.getSceneElements(),
  };
}

/**
 * Excalidraw (MIT), loaded only by the canvas screen. The menu keeps what works offline: no
 * collaboration, no library browser, no links to the hosted app.
 */
export default function ExcalidrawEditor({
  initial,
  readOnly,
  dark,
  onReady,
  onChange,
}: {
  initial: StoredScene | null;
  readOnly: boolean;
  dark: boolean;
  onReady: (handle: CanvasHandle) => void;
  onChange: (fingerprint: string) => void;
}) {
  return (
    <Excalidraw
      initialData={
        initial
          ? {
              elements: initial.elements as never,
              appState: { ...initial.appState, collaborators: new Map() } as never,
              files: initial.files as BinaryFiles,
            }
          : null
      }
      excalidrawAPI={(api) => onReady(handleOf(api))}
      onChange={(elements, _appState, files) =>
        onChange(sceneFingerprint(elements, Object.keys(files).length))
      }
      viewModeEnabled={readOnly}
      theme={dark ? "dark" : "light"}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false } }}
    >
      <MainMenu>
        <MainMenu.DefaultItems.SaveAsImage />
        <MainMenu.DefaultItems.ClearCanvas />
        <MainMenu.DefaultItems.ToggleTheme />
        <MainMenu.DefaultItems.ChangeCanvasBackground />
      </MainMenu>
    </Excalidraw>
  );
}
