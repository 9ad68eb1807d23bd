// The only script of a page served without React (issue #17, decision 028):
// the visitors' landing page is plain server-rendered HTML whose links and
// forms need no JavaScript. This file gives the server-rendered toast what
// React's ToastProvider would (dismiss button, gone after 5 s) and marks the
// document ready, as root.tsx does after hydration.
const DISMISS_AFTER_MS = 5000;
const toast = document.querySelector('[data-testid="toast"]');
if (toast) {
  const hide = () => toast.remove();
  toast.querySelector("button")?.addEventListener("click", hide);
  setTimeout(hide, DISMISS_AFTER_MS);
}
document.documentElement.dataset.hydrated = "true";
