/**
 * One kind of work the sandbox runs (`runner.ts`): an exported function of a module, named by the
 * module's URL. The owner of a parse declares its task beside its code (extraction in
 * core/ingest, the editor's conversions in features/pages, feeds and mail in features/apps …), so
 * the sandbox knows no feature: the child process imports the named module with the first
 * request for it and calls the function with the one argument (structured clone over IPC).
 */
export type SandboxTask<A, R> = {
  /** `file:` URL of the module, resolved by its owner (`new URL("./x.ts", import.meta.url)`). */
  readonly module: string;
  /** The exported function called with the argument. */
  readonly fn: string;
  /**
   * An export awaited before the time budget starts (after the module has loaded): loading an
   * editor's schema or the language analysis takes seconds on a busy machine, and a budget is
   * for the document's work.
   */
  readonly prepare?: string;
  /** Carries the argument and result types; never set. */
  readonly types?: (arg: A) => R;
};

/** A task for `fn` of `module`; `F` is the function's type (`typeof Module.fn`, a type-only import). */
export function sandboxTask<F extends (arg: never) => unknown>(
  module: URL,
  fn: string,
  options: { prepare?: string } = {},
): SandboxTask<Parameters<F>[0], Awaited<ReturnType<F>>> {
  return { module: module.href, fn, ...(options.prepare ? { prepare: options.prepare } : {}) };
}
