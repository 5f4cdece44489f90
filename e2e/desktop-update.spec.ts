import { expect, test } from "@playwright/test";
import { newUser, signUp } from "./helpers";

/**
 * Spec 3 §3 (the `app-metadata/updates` document: the desktop_app version) and §4 (Update banner:
 * "a desktop update has been downloaded … quits and installs for the desktop app"). The page runs
 * inside a desktop shell, stood in for by its bridge (`window.mnemoDesktop`, version 2.0.0); the
 * server's feed names 2.1.0 (DESKTOP_APP_VERSION in playwright.config.ts).
 */
type Shell = { asked: string[]; installed: number };

test("inside a desktop shell the feed's newer version is downloaded, then Install now installs it", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shell = { asked: [] as string[], installed: 0 };
    const listeners: ((info: { version?: string }) => void)[] = [];
    Object.assign(window, {
      __shell: shell,
      mnemoDesktop: {
        version: "2.0.0",
        downloadUpdate(version: string) {
          shell.asked.push(version);
          // The shell downloads, then says so.
          setTimeout(() => listeners.forEach((l) => l({ version })), 200);
        },
        onUpdateDownloaded(l: (info: { version?: string }) => void) {
          listeners.push(l);
          return () => listeners.splice(listeners.indexOf(l), 1);
        },
        quitAndInstall() {
          shell.installed += 1;
        },
      },
    });
  });
  await signUp(page, newUser("desktop"));
  const banner = page.getByTestId("update-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("A new version of Mnemo is available.");
  const shell = () => page.evaluate(() => (window as unknown as { __shell: Shell }).__shell);
  expect((await shell()).asked).toEqual(["2.1.0"]);
  await banner.getByRole("button", { name: "Install now" }).click();
  expect((await shell()).installed).toBe(1);

  // The user's document knows the desktop app and the version it runs.
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  const me = await (
    await page.request.get("/api/user/me", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(me.metadata).toMatchObject({ hasDesktopApp: true, desktopAppVersion: "2.0.0" });
  // The feed itself, as any client reads it.
  const feed = await (await page.request.get("/api/app-metadata/updates")).json();
  expect(feed).toEqual({ desktop_app: { version: "2.1.0" } });
});
