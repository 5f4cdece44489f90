import { lazy } from "react";

/** The BlockNote editor, loaded on first use so BlockNote stays out of the first screens' bundle. */
export const LazyBlockNoteEditor = lazy(() => import("./blocknote-editor"));
