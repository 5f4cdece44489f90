import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { AccountPage } from "@/features/account/components/account-page";
import { SignInPage } from "@/features/auth/components/sign-in-page";
import { SignUpPage } from "@/features/auth/components/sign-up-page";
import { ChatHistoryPage } from "@/features/chat/components/chat-history-page";
import { ChatPage } from "@/features/chat/components/chat-page";
import { CollectionPage } from "@/features/collections/components/collection-page";
import { CollectionsPage } from "@/features/collections/components/collections-page";
import { SettingsPage } from "@/features/settings/components/settings-page";
import { WallPage } from "@/features/wall/components/wall-page";
import { RequireAuth, RequireGuest } from "./guards";
import { AppShell } from "./layout/app-shell";
import { NotFoundPage, RouteError } from "./route-error";

/** `/dashboard?showPlans=true` and `?support=true` land on the wall with the dialog open. */
function DashboardRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: "/", search, hash }} replace />;
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
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
            element: <AppShell />,
            children: [
              { index: true, element: <WallPage /> },
              { path: "dashboard", element: <DashboardRedirect /> },
              { path: "chat", element: <ChatHistoryPage /> },
              { path: "chat/:id", element: <ChatPage /> },
              { path: "collections", element: <CollectionsPage /> },
              { path: "collections/:id", element: <CollectionPage /> },
              { path: "settings", element: <SettingsPage /> },
              { path: "account", element: <AccountPage /> },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]);
