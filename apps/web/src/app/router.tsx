import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { SignInPage } from "@/features/auth/components/sign-in-page";
import { SignUpPage } from "@/features/auth/components/sign-up-page";
import { RequireAuth, RequireGuest } from "./guards";
import { NotFoundPage, RouteError } from "./route-error";

/** `/dashboard?showPlans=true` and `?support=true` land on the wall with the dialog open. */
function DashboardRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: "/", search, hash }} replace />;
}

/**
 * Loads a signed-in screen on first visit, so the sign-in and sign-up screens stay small.
 * Usage: `lazy: screen(() => import("…/wall-page"), "WallPage")`.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      // A path containing /public/ is the public view: no sign-in needed (spec 1 §2).
      {
        path: "/public/chat/:id",
        lazy: screen(() => import("@/features/chat/components/public-chat-page"), "PublicChatPage"),
      },
      {
        element: <RequireGuest />,
        children: [
          { path: "/sign-in", element: <SignInPage /> },
          { path: "/sign-up", element: <SignUpPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "upgrade-plan",
            lazy: screen(() => import("@/features/plans/components/upgrade-plan-page"), "UpgradePlanPage"),
          },
          {
            lazy: screen(() => import("./layout/app-shell"), "AppShell"),
            children: [
              {
                index: true,
                lazy: screen(
                  () => import("@/features/collections/components/wall-with-collections"),
                  "WallWithCollections",
                ),
              },
              { path: "dashboard", element: <DashboardRedirect /> },
              {
                path: "chat",
                lazy: screen(() => import("@/features/chat/components/chat-history-page"), "ChatHistoryPage"),
              },
              {
                path: "chat/:id",
                lazy: screen(() => import("@/features/chat/components/chat-page"), "ChatPage"),
              },
              {
                path: "collections",
                lazy: screen(
                  () => import("@/features/collections/components/collections-page"),
                  "CollectionsPage",
                ),
              },
              {
                path: "collections/:id",
                lazy: screen(
                  () => import("@/features/collections/components/collection-page"),
                  "CollectionPage",
                ),
              },
              {
                path: "settings",
                lazy: screen(() => import("@/features/settings/components/settings-page"), "SettingsPage"),
              },
              {
                path: "account",
                lazy: screen(() => import("@/features/account/components/account-page"), "AccountPage"),
              },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
