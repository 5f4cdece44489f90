import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { SignInPage, SignUpPage } from "@/features/auth";
import { PublicChatRedirect, RequireAuth, RequireGuest } from "./guards";
import { NotFoundPage, RouteError } from "./route-error";

/** `/dashboard?showPlans=true` and `?support=true` land on the wall with the dialog open. */
function DashboardRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: "/", search, hash }} replace />;
}

/**
 * Loads a signed-in screen on first visit, so the sign-in and sign-up screens stay small.
 * Usage: `lazy: screen(() => import("@/features/chat"), "ChatPage")`.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      // Shared chats open at /chat/{id}?shared=true&new=true (RequireAuth shows them to everyone).
      { path: "/public/chat/:id", element: <PublicChatRedirect /> },
      // The way back from an organisation's OpenID provider (signed out until the code is exchanged).
      { path: "/sso", lazy: screen(() => import("@/features/org"), "SsoPage") },
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
            lazy: screen(() => import("@/features/plans"), "UpgradePlanPage"),
          },
          // The canvas editor takes the whole screen (Excalidraw loads inside it, lazily).
          {
            path: "canvas/:id",
            lazy: screen(() => import("@/features/canvas"), "CanvasPage"),
          },
          {
            lazy: screen(() => import("./layout/app-shell"), "AppShell"),
            children: [
              {
                index: true,
                lazy: screen(() => import("./screens/wall-screen"), "WallScreen"),
              },
              { path: "dashboard", element: <DashboardRedirect /> },
              {
                path: "chat",
                lazy: screen(() => import("@/features/chat"), "ChatHistoryPage"),
              },
              {
                path: "chat/:id",
                lazy: screen(() => import("@/features/chat"), "ChatPage"),
              },
              {
                path: "collections",
                lazy: screen(() => import("@/features/collections"), "CollectionsPage"),
              },
              {
                path: "collections/:id",
                lazy: screen(() => import("./screens/collection-screen"), "CollectionScreen"),
              },
              {
                path: "brief",
                lazy: screen(() => import("./screens/brief-screen"), "BriefScreen"),
              },
              {
                path: "review",
                lazy: screen(() => import("./screens/review-screen"), "ReviewScreen"),
              },
              {
                path: "settings",
                lazy: screen(() => import("@/features/settings"), "SettingsPage"),
              },
              {
                path: "settings/sync",
                lazy: screen(() => import("@/features/apps"), "SyncLedgerPage"),
              },
              {
                path: "org",
                lazy: screen(() => import("@/features/org"), "OrgPage"),
              },
              {
                path: "org/:id/admin",
                lazy: screen(() => import("@/features/org"), "OrgAdminPage"),
              },
              {
                path: "org/invitation/:id",
                lazy: screen(() => import("@/features/org"), "InvitationPage"),
              },
              {
                path: "admin",
                lazy: screen(() => import("@/features/plans"), "AdminPage"),
              },
              {
                path: "account",
                lazy: screen(() => import("@/features/account"), "AccountPage"),
              },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
