import { sandboxTask } from "../sandbox/task.ts";
import type * as Extract from "./extract.ts";

/** A fetched page's metadata and readable text (`extract.ts`), read in the sandbox. */
export const readPageTask = sandboxTask<typeof Extract.readPage>(
  new URL("./extract.ts", import.meta.url),
  "readPage",
);
