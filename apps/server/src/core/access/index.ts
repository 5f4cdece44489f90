/**
 * The access authority: who may read or write a memory or a collection. Pure role logic
 * (`collection-policy.ts`, `source-policy.ts`), the only SQL fragments for readable and writable
 * rows (`sql.ts`), and the loaders that apply them to one object (`*-access.ts`).
 */
export * from "./collection-policy.ts";
export * from "./source-policy.ts";
export * from "./sql.ts";
export * from "../../features/collections/access.ts";
export * from "../sources/access.ts";
