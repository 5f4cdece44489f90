import { expect, test } from "@playwright/test";
import { themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/** Issue 22: personal access tokens for MCP clients, created and revoked in Account → Mnemo in other AI tools. */
const email = () => `mcp-${Date.now().toString(36)}@example.com`;

test("create a token, see it once with the client configuration, use it over MCP, revoke it", async ({
  page,
  request,
}) => {
  const api = await MemoryApi.signUp(request, email(), "Token Maker");
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/account#access-tokens");
  const section = page.locator("#access-tokens");
  await expect(section.getByText("No tokens yet")).toBeVisible();

  await section.getByLabel("Token name").fill("Cursor on laptop");
  await section.getByLabel("Read and write").check();
  await section.getByRole("button", { name: "Create token" }).click();
  const secretBox = section.getByLabel("New token");
  await expect(secretBox).toHaveValue(/^mnemo_pat_/);
  const secret = await secretBox.inputValue();
  await expect(section.getByText("It will not be shown again")).toBeVisible();
  await expect(section.locator("pre")).toContainText(`"Authorization": "Bearer ${secret}"`);
  await expect(section.locator("pre")).toContainText("/api/mcp");
  await section.getByRole("button", { name: "Claude Desktop" }).click();
  await expect(section.locator("pre")).toContainText("mcp-remote");
  await section.scrollIntoViewIfNeeded();
  await themedShots(page, "account-mcp-token");
  await section.getByRole("button", { name: "Done" }).click();
  await expect(secretBox).toHaveCount(0);
  const row = section.getByRole("list", { name: "Access tokens" }).getByRole("listitem");
  await expect(row).toContainText("Cursor on laptop");
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never used");

  // An MCP client lists the tools with it.
  const mcp = (token: string) =>
    request.post("/api/mcp", {
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/json, text/event-stream",
        "content-type": "application/json",
      },
      data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
    });
  const listed = await mcp(secret);
  expect(listed.status()).toBe(200);
  expect(JSON.stringify(await listed.json())).toContain("search_memories");
  await page.reload();
  await expect(row).toContainText("last used");
  await themedShots(page, "account-mcp-list");

  await row.getByRole("button", { name: "Revoke Cursor on laptop" }).click();
  await expect(row).toContainText("Revoked");
  expect((await mcp(secret)).status()).toBe(401);
});
