import { describe, expect, it } from "vitest";
import { parseResultId } from "./mail.ts";
import { parseMicrosoftId } from "./microsoft.ts";
import { parseNotionId } from "./notion.ts";
import { parseSlackId } from "./slack.ts";

const account = "0b6f4a9e-2f7d-4c1e-9a53-5d2b8c7e1f00";

describe("live result ids", () => {
  it("reads back the parts each connector put in its ids", () => {
    expect(parseMicrosoftId(`${account}:mail:AAMk=+/_.-!`)).toEqual({
      accountId: account,
      kind: "mail",
      id: "AAMk=+/_.-!",
    });
    expect(parseNotionId(`${account}:database:1f2e-3d`)).toEqual({
      accountId: account,
      object: "database",
      id: "1f2e-3d",
    });
    expect(parseSlackId(`${account}:C024BE91L:1700000000.123456`)).toEqual({
      accountId: account,
      channel: "C024BE91L",
      ts: "1700000000.123456",
    });
    expect(parseResultId(`${account}:17:42`)).toEqual({ accountId: account, uidValidity: "17", uid: 42 });
  });

  it("refuses ids that are not whole matches (no forged account, kind or trailing text)", () => {
    expect(parseMicrosoftId(`${account}:drive:abc`)).toBeUndefined();
    expect(parseMicrosoftId(`not-an-account:file:abc`)).toBeUndefined();
    expect(parseNotionId(`${account}:page:abc/../x`)).toBeUndefined();
    expect(parseSlackId(`${account}:c024:1700000000.1`)).toBeUndefined();
    expect(parseSlackId(`${account}:C024:1700000000`)).toBeUndefined();
    expect(parseResultId(`${account}:17:42:extra`)).toBeUndefined();
    expect(parseResultId(`${account}:17:4x`)).toBeUndefined();
  });
});
