import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

export interface Toast {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

interface ToastState extends Toast {
  key: number;
}

const ToastContext = createContext<(toast: Toast) => void>(() => {});

interface Outlet {
  visible: ToastState | null;
  dismiss: () => void;
  /** How many open dialogs host the toast (the newest one shows it). */
  hosts: number;
  addHost: () => () => void;
}

const OutletContext = createContext<Outlet | null>(null);

/** Shows a toast; only one is on screen at a time (a new one replaces the current one). */
export function useToast() {
  return useContext(ToastContext);
}

const DISMISS_AFTER_MS = 5000;

export function ToastProvider({ children, initial }: { children: ReactNode; initial: Toast | null }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const [dismissedInitial, setDismissedInitial] = useState(false);
  const [hosts, setHosts] = useState(0);
  const show = useCallback((toast: Toast) => setCurrent({ ...toast, key: Date.now() + Math.random() }), []);

  // A toast handed over by the server (after a redirect) is shown once.
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      setCurrent(null);
      setDismissedInitial(true);
    }, DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => show, [show]);
  // Without JavaScript, the server-provided toast still renders.
  const visible = useMemo(
    () => current ?? (initial && !dismissedInitial ? { ...initial, key: 0 } : null),
    [current, initial, dismissedInitial],
  );
  const dismiss = useCallback(() => {
    setCurrent(null);
    setDismissedInitial(true);
  }, []);
  const addHost = useCallback(() => {
    setHosts((n) => n + 1);
    return () => setHosts((n) => n - 1);
  }, []);
  const outlet = useMemo(() => ({ visible, dismiss, hosts, addHost }), [visible, dismiss, hosts, addHost]);
  return (
    <ToastContext.Provider value={value}>
      <OutletContext.Provider value={outlet}>
        {children}
        {/* While a dialog is open everything outside it is inert, so the dialog shows the toast itself. */}
        {hosts === 0 ? <ToastRegion outlet={outlet} /> : null}
      </OutletContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Rendered inside an open dialog (app/ui/modal.tsx): the toast then sits above
 * the dialog's backdrop, inside its focus trap, and its Dismiss button works.
 */
export function DialogToastHost() {
  const outlet = useContext(OutletContext);
  const addHost = outlet?.addHost;
  useEffect(() => addHost?.(), [addHost]);
  return outlet && outlet.hosts > 0 ? <ToastRegion outlet={outlet} /> : null;
}

function ToastRegion({ outlet: { visible, dismiss } }: { outlet: Outlet }) {
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 sm:justify-end"
    >
      {visible ? (
        <div
          key={visible.key}
          data-testid="toast"
          data-variant={visible.variant ?? "default"}
          className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 text-left shadow-lg ${
            visible.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900"
              : visible.variant === "success"
                ? "border-green-300 bg-green-50 text-green-900"
                : "border-gray-200 bg-white text-gray-900"
          }`}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
            </div>
            <button
              type="button"
              // Removed once the click has run its course, so an open dialog's outside-click
              // check still finds the button inside it.
              onClick={() => setTimeout(dismiss, 0)}
              className="rounded p-1 text-sm opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ✕
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
