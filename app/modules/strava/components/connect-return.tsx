import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useToast, type Toast } from "~/ui/toast";
import { Button } from "~/ui/button";

const ALREADY_CONNECTED =
  "Each Strava account can only be connected to one user account. Please try connecting with a different Strava account.";

/** The spec's toast for each connect-return value (part 1 section 8). */
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
 */
export function ConnectReturnNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
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

  return (
    <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-gray-900">
            Strava Account Already Connected
          </DialogTitle>
          <p className="mt-2 text-gray-700">{ALREADY_CONNECTED}</p>
          <div className="mt-6 flex justify-end">
            <Button onClick={() => setDialogOpen(false)}>OK</Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
