import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Hydrate after the first paint (a frame, then a task): the server-rendered page, whose text is the
// largest paint, shows before React's work starts, not after it (issue #17, decision 028).
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible")
  requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();

// The service worker (public/sw.js): hashed assets offline, and the member's last dashboard.
// Registered once the page has loaded (this module may run after the load event).
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
