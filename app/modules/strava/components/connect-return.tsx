import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useToast, type Toast } from "~/ui/toast";

const ALREADY_CONNECTED =
  "Each Strava account can only be connected to one user account. Please try connecting with a different Strava account.";

/** The spec's toast for each connect-return value (part 1 section 8). */
const AlreadyConnectedDialog = lazy(() => import("./already-connected-dialog"));

export function connectReturnToast(
  success: string | null,
  error: string | null,
  message: string | null,
): Toast | "dialog" | null {
  if (success === "strava_connected") {
    return {
      title: "Strava Connected",
      description: "Your Strava account has been successfully connected.",
      variant: "success",
    };
  }
  if (!error) return null;
  switch (error) {
    case "strava_already_connected":
      return "dialog";
    case "connect_failed":
      return {
        title: "Connection Failed",
        description: message || "We couldn't connect your Strava account. Please try again.",
        variant: "destructive",
      };
    case "missing_code":
      return {
        title: "Authentication Error",
        description: "No authorization code received from Strava. Please try again.",
        variant: "destructive",
      };
    case "auth_error":
      return {
        title: "Authentication Failed",
        description:
          message ||
          "Failed to authenticate with Strava. This may be due to expired credentials or API issues.",
        variant: "destructive",
      };
    case "connect_start_failed":
      return {
        title: "Connection Error",
        description: "Failed to initiate Strava connection. Please try again.",
        variant: "destructive",
      };
    case "config_error":
      return {
        title: "Configuration Error",
        description: "Strava connection is not properly configured. Please contact the administrator.",
        variant: "destructive",
      };
    default:
      return { title: "Connection Failed", description: ALREADY_CONNECTED, variant: "destructive" };
  }
}

/**
 * Handles `?success=` / `?error=` after the Strava connect round trip: a toast
 * or the already-connected dialog, then the query is removed from the address.
 * Loaded by connect-return-notice.tsx only when the address carries them.
 */
export default function ConnectReturnHandler() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null);
  const success = searchParams.get("success");
  const error = searchParams.get("error");
  const message = searchParams.get("message");

  useEffect(() => {
    const notice = connectReturnToast(success, error, message);
    if (!notice) return;
    if (notice === "dialog") setDialogOpen(true);
    else toast(notice);
    setSearchParams(
      (prev) => {
        prev.delete("success");
        prev.delete("error");
        prev.delete("message");
        return prev;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [success, error, message, toast, setSearchParams]);

  // The dialog (Headless UI) is fetched only when it opens, to keep it out of the dashboard's first load.
  return dialogOpen !== null ? (
    <Suspense fallback={null}>
      <AlreadyConnectedDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        message={ALREADY_CONNECTED}
      />
    </Suspense>
  ) : null;
}
