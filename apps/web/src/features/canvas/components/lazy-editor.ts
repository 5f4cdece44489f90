import { lazy } from "react";

/** Excalidraw, loaded on first use so it stays out of the wall's and chat's bundles. */
export const LazyExcalidrawEditor = lazy(() => import("./excalidraw-editor"));
