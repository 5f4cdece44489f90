import { lazy } from "react";

/** The mind map tab, loaded on first use (d3 and the layout worker stay out of the wall's bundle). */
export const MindmapView = lazy(() => import("./components/mindmap-view"));
