import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Hydrate after the first paint (a frame, then a task): the server-rendered page, whose text is the
// largest paint, shows before React's work starts, not after it (issue #17, decision 028). This
// module is itself fetched after the first paint (app/ui/deferred-scripts.tsx); the frame still
// keeps a render the loader's insertion caused apart from hydration.
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
// Registered a few seconds after the load event (this module may run after it), so its start
// and its first downloads do not compete with hydration on a phone's few cores.
const SERVICE_WORKER_DELAY_MS = 3000;
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker", error));
  const later = () => setTimeout(register, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
