/**
 * The registration dialog of the event cards (Headless UI): step 1 form, then
 * the payment step. While the provider's checkout is open the dialog steps
 * aside (the checkout is its own modal and must own focus); it comes back if
 * the checkout is dismissed or the payment fails, and closes once the payment
 * is verified.
 */
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useRevalidator } from "@remix-run/react";
import type { Prefill } from "../registration-page.server";
import { PaymentPanel, RegistrationForm, useRegistrationFlow, type FlowEvent } from "./registration-flow";

export function RegistrationDialog({
  event,
  prefill,
  checkoutUrl,
  onClose,
}: {
  event: FlowEvent;
  prefill: Prefill;
  checkoutUrl: string;
  onClose: () => void;
}) {
  const revalidator = useRevalidator();
  const flow = useRegistrationFlow({
    event,
    checkoutUrl,
    onDone: () => {
      onClose();
      revalidator.revalidate();
    },
  });
  const closeAndRefresh = () => {
    onClose();
    // A pending registration may have been created: show 'Registration Pending'.
    if (flow.start) revalidator.revalidate();
  };
  return (
    <Dialog
      open={flow.phase !== "checkout"}
      onClose={closeAndRefresh}
      className="fixed inset-0 z-40 overflow-y-auto"
    >
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="relative">
        <div className="flex min-h-screen items-center justify-center p-4">
          <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl sm:p-6">
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-semibold text-gray-900">
                  {flow.phase === "form" ? "Register for Event" : "Complete Payment"}
                </DialogTitle>
                <p className="mt-0.5 truncate text-sm text-gray-600">{event.title}</p>
              </div>
              <button
                type="button"
                onClick={closeAndRefresh}
                aria-label="Close"
                className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
              >
                ✕
              </button>
            </div>
            <p className="mt-3 text-xs font-medium uppercase tracking-wide text-gray-500">
              Step {flow.phase === "form" ? 1 : 2} of 2
            </p>
            <div className="mt-3">
              {flow.phase === "form" || !flow.start ? (
                <RegistrationForm
                  event={event}
                  prefill={flow.start ? flow.start.registration : prefill}
                  onStarted={flow.begin}
                  onCancel={closeAndRefresh}
                />
              ) : (
                <PaymentPanel
                  event={event}
                  start={flow.start}
                  phase={flow.phase}
                  error={flow.error}
                  onPay={() => void flow.pay()}
                  onBack={flow.back}
                />
              )}
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
