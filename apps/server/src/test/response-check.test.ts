import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRouter, defineRoute } from "../platform/http/route.ts";
import { responseChecks } from "./response-check.ts";

describe("response checks", () => {
  const api = createRouter();
  const zThing = z.object({ id: z.string() });
  defineRoute(
    api,
    { method: "get", path: "/thing/:id", summary: "A thing", tag: "t", response: zThing },
    [],
    (c) => c.json(c.req.param("id") === "bad" ? { id: 1 } : { id: "ok" }),
  );
  const check = responseChecks(api as never, "/api");
  const call = async (id: string) => {
    const res = await api.request(`/thing/${id}`);
    return check("GET", `/api/thing/${id}`, res);
  };

  it("passes an answer that matches the declared schema", async () => {
    await expect(call("good")).resolves.toBeUndefined();
  });

  it("fails an answer outside the declared schema", async () => {
    await expect(call("bad")).rejects.toThrow("GET /api/thing/{id} answered outside its response schema");
  });
});
