/**
 * The access authority: who may read or write a memory or a collection. Pure role logic
 * (`collection-policy.ts`, `source-policy.ts`), the only SQL fragments for readable and writable
 * rows (`sql.ts`). The loaders that apply them to one object live with their objects
 * (core/sources/access.ts, features/collections/access.ts).
 */
export * from "./collection-policy.ts";
export * from "./source-policy.ts";
export * from "./sql.ts";
