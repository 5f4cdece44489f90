/** The mind map feature's public face: a memory's key terms, stored once per indexed version. */
export { storeKeyTerms } from "./key-terms.ts";
