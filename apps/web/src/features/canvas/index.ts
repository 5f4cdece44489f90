/** Public pieces of the canvas feature (Excalidraw, lazy-loaded), for the router and the wall. */
export { CanvasPage } from "./components/canvas-page";
