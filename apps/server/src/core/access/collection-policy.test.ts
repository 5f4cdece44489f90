import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/lib/errors.ts";
import {
  authorize,
  can,
  collectionActions,
  policiesFor,
  roleOf,
  type CollectionAction,
  type CollectionFacts,
  type PolicyActor,
} from "./collection-policy.ts";

const collection: CollectionFacts = {
  ownerId: "u-owner",
  grants: new Map([
    ["u-admin", "admin"],
    ["u-writer", "write"],
    ["u-reader", "read"],
  ]),
};

const actors: Record<string, PolicyActor> = {
  anonymous: null,
  stranger: { id: "u-stranger", email: "stranger@example.com" },
  read: { id: "u-reader", email: "reader@example.com" },
  write: { id: "u-writer", email: "writer@example.com" },
  admin: { id: "u-admin", email: "admin@example.com" },
  creator: { id: "u-owner", email: "owner@example.com" },
};

const R = ["view", "chat"];
const W = [...R, "add_sources", "remove_sources", "edit_pages"];
const A = [...collectionActions];
const expected: Record<string, readonly string[]> = {
  anonymous: [],
  stranger: [],
  read: R,
  write: W,
  admin: A,
  creator: A,
};

describe("collection policy", () => {
  const rows = Object.keys(actors).flatMap((who) =>
    collectionActions.map((action) => [who, action, expected[who].includes(action)] as const),
  );
  it.each(rows)("%s may %s: %s", (who, action, allowed) => {
    expect(can(actors[who], action as CollectionAction, collection)).toBe(allowed);
  });

  it.each([
    ["anonymous", "view", 401],
    ["stranger", "view", 404],
    ["stranger", "delete", 404],
    ["read", "add_sources", 403],
    ["write", "share", 403],
    ["write", "delete", 403],
    ["admin", "revoke", 0],
    ["read", "chat", 0],
  ] as const)("authorize(%s, %s) → %s", (who, action, status) => {
    const run = () => authorize(actors[who], action, collection);
    if (status === 0) expect(run).not.toThrow();
    else {
      try {
        run();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).status).toBe(status);
      }
    }
  });

  it("follows the account a grant is bound to, not the e-mail; never lets a grant outrank the creator", () => {
    // Another account registered with the reader's address has no role (issue 12 item 3).
    expect(roleOf({ id: "u-squatter", email: "reader@example.com" }, collection)).toBeNull();
    const selfGrant: CollectionFacts = { ownerId: "u-owner", grants: { "u-owner": "read" } };
    expect(roleOf(actors.creator, selfGrant)).toBe("admin");
  });

  it("a revoked member (grant removed) is a stranger on the next decision", () => {
    const grants = new Map(collection.grants as Map<string, "read">);
    grants.delete("u-reader");
    expect(roleOf(actors.read, { ...collection, grants })).toBeNull();
  });

  it("reports policies for the UI: read is view only", () => {
    expect(policiesFor("read")).toEqual({
      add_sources: false,
      remove_sources: false,
      edit_pages: false,
      update: false,
      share: false,
      delete: false,
    });
    expect(policiesFor("write")).toMatchObject({
      add_sources: true,
      remove_sources: true,
      share: false,
      delete: false,
    });
    expect(Object.values(policiesFor("admin")).every(Boolean)).toBe(true);
  });
});
