/** Thrown by sandboxed work it cannot do; the pipeline marks the memory errored with `reason`. */
export class ExtractError extends Error {
  constructor(
    message: string,
    readonly reason: "unsupported" | "corrupt" | "too_large" | "timeout" | "resource_limit",
  ) {
    super(message);
  }
}
