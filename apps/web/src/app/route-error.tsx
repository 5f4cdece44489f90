import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { CompassIcon, TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export function NotFoundPage() {
  return (
    <EmptyState
      icon={CompassIcon}
      title="Page not found"
      description="The page you are looking for does not exist."
      action={
        <Button asChild variant="outline">
          <Link to="/">Go to memories</Link>
        </Button>
      }
    />
  );
}

/** Shown when a screen throws while rendering: a way back instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        icon={notFound ? CompassIcon : TriangleAlertIcon}
        title={notFound ? "Page not found" : "Something went wrong"}
        description={
          notFound
            ? "The page you are looking for does not exist."
            : "This screen failed to load. Reload the page to try again."
        }
        action={
          <Button onClick={() => window.location.assign("/")} variant="outline">
            Go to memories
          </Button>
        }
      />
    </div>
  );
}
