/**
 * The app's dialog (Headless UI): focus trapped and returned, Escape and the
 * backdrop close it, titled for screen readers. It opens with focus on its
 * first field (or on the dialog when it has none), and shows the app's toast
 * inside itself, above the backdrop, where it can be read and dismissed.
 */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useCallback, useRef, type ReactNode } from "react";
import { DialogToastHost } from "./toast";

const FIRST_FIELD =
  "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/** The ref Headless UI focuses first, set to the panel's first field as the panel mounts. */
export function useFirstFieldFocus() {
  const firstField = useRef<HTMLElement | null>(null);
  const panelRef = useCallback((panel: HTMLElement | null) => {
    firstField.current = panel?.querySelector<HTMLElement>(FIRST_FIELD) ?? null;
  }, []);
  return { firstField, panelRef };
}

export function Modal({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { firstField, panelRef } = useFirstFieldFocus();
  return (
    <Dialog open={open} onClose={onClose} initialFocus={firstField} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          ref={panelRef}
          className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-xl bg-white p-5 shadow-xl`}
        >
          <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
          <div className="mt-4">{children}</div>
          <DialogToastHost />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
