/**
 * The Strava connect return's notice, light: the toasts' texts and the dialog
 * (connect-return.tsx) are fetched only when the address carries `?success=` or
 * `?error=`, which only the connect round trip sets (issue #17: the dashboard's
 * first load carries no code it does not run).
 */
import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";

const ConnectReturnHandler = lazy(() => import("./connect-return"));

export function ConnectReturnNotice() {
  const [searchParams] = useSearchParams();
  const returning = searchParams.has("success") || searchParams.has("error");
  // Stays mounted once used: the handler removes the query, and its dialog must stay open.
  const [used, setUsed] = useState(returning);
  if (returning && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <ConnectReturnHandler />
    </Suspense>
  ) : null;
}
