/** Public pieces of the import and export feature. */
export { TransferSection } from "./components/transfer-section";
export { downloadExport } from "./api/transfer";
