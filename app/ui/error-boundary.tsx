import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Component, type ReactNode } from "react";
import { Button } from "~/ui/button";

type StatusHandler = (info: { status: number; message: string | null }) => ReactNode;

/** The `{message}` a thrown JSON Response carried, if any. */
function messageOf(data: unknown): string | null {
  if (typeof data === "object" && data && "message" in data)
    return String((data as { message: unknown }).message);
  return null;
}

/**
 * The route-level boundary: every route's `ErrorBoundary` renders this, with
 * `statusHandlers` for the statuses it words itself (404 defaults to the
 * not-found page; 403 to "Access denied").
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error);
  const status = response ? error.status : 500;
  const message = response ? messageOf(error.data) : null;
  if (!response) console.error(error);
  const handler = statusHandlers[status];
  if (handler) return <>{handler({ status, message })}</>;
  if (status === 404) return <NotFound message={message ?? undefined} />;
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        {status === 403 ? "Access denied" : "Something went wrong"}
      </h1>
      <p className="mt-3 text-gray-600">
        {message ?? (status === 403 ? "Admin access required" : "Something went wrong")}
      </p>
      <Button to="/" size="none" className="mt-6 inline-block px-4 py-2 font-medium">
        Go home
      </Button>
    </main>
  );
}

/** The not-found page; `message` (e.g. "Challenge not found") replaces the generic line. */
export function NotFound({ message }: { message?: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand">404</p>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">404 Page Not Found</h1>
      <p className="mt-3 text-gray-600">
        {message ?? "The page you are looking for does not exist or has moved."}
      </p>
      <Button to="/" size="none" className="mt-6 inline-block px-4 py-2 font-medium">
        Go home
      </Button>
    </main>
  );
}

interface ComponentBoundaryProps {
  /** Shown as '{name} Error'. */
  name: string;
  children: ReactNode;
}

/** Wraps one card or widget so a failure there does not take the page down. */
export class ComponentErrorBoundary extends Component<ComponentBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`${this.props.name} failed`, error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">{this.props.name} Error</p>
        <p className="mt-1 text-sm font-medium">Something went wrong</p>
        <p className="mt-1 text-sm">There was an error loading this component. Please try again later.</p>
      </div>
    );
  }
}
