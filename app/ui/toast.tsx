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

/** Shows a toast; only one is on screen at a time (a new one replaces the current one). */
export function useToast() {
  return useContext(ToastContext);
}

const DISMISS_AFTER_MS = 5000;

export function ToastProvider({ children, initial }: { children: ReactNode; initial: Toast | null }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const show = useCallback((toast: Toast) => setCurrent({ ...toast, key: Date.now() + Math.random() }), []);

  // A toast handed over by the server (after a redirect) is shown once.
  useEffect(() => {
    if (initial) show(initial);
  }, [initial, show]);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const value = useMemo(() => show, [show]);
  // Without JavaScript, the server-provided toast still renders.
  const visible = current ?? (initial ? { ...initial, key: 0 } : null);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:justify-end"
      >
        {visible ? (
          <div
            key={visible.key}
            data-testid="toast"
            data-variant={visible.variant ?? "default"}
            className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${
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
                onClick={() => setCurrent(null)}
                className="rounded p-1 text-sm opacity-70 hover:opacity-100"
                aria-label="Dismiss notification"
              >
                ✕
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
