import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The service worker (public/sw.js): hashed assets offline, and the member's last dashboard.
// Registered once the page has loaded (this module may run after the load event).
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
