/**
 * The registration flow shared by the dialog on /events and the full pages
 * /events/{id}/register and /events/{id}/payment: step 1 is a form posted to
 * the /events/{id}/register action (works without JavaScript), then the
 * payment step opens the provider's checkout, and a successful payment is
 * verified through POST /api/events/{id}/verify-payment.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, ErrorList, Field, SubmitButton } from "~/ui/form";
import { useToast } from "~/ui/toast";
import type { PaymentStart } from "../register.server";
import { formatRupees } from "~/lib/format";
import type { Prefill, RegisterActionData } from "../registration-page.server";
import { EVENT_TOASTS, initializePaymentSchema } from "../schema";
import { loadCheckout, type CheckoutResult } from "./checkout";
import { Button } from "~/ui/button";

export interface FlowEvent {
  id: number;
  title: string;
  fee: number;
}

export type Phase = "form" | "payment" | "checkout";

/**
 * The flow's state: `begin(start)` moves to the payment step and opens the
 * checkout at once; `pay()` opens it again; `onDone` runs once the payment
 * (or a free registration) is confirmed, after the spec's success toast.
 */
export function useRegistrationFlow({
  event,
  checkoutUrl,
  onDone,
}: {
  event: FlowEvent;
  checkoutUrl: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const [phase, setPhase] = useState<Phase>("form");
  const [start, setStart] = useState<PaymentStart | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const succeed = useCallback(() => {
    toast({ ...EVENT_TOASTS.registered, variant: "success" });
    done.current();
  }, [toast]);

  const verify = useCallback(
    async (result: CheckoutResult) => {
      setPhase("payment");
      setError(null);
      try {
        const res = await fetch(`/api/events/${event.id}/verify-payment`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            orderId: result.razorpay_order_id,
            paymentId: result.razorpay_payment_id,
            signature: result.razorpay_signature,
          }),
        });
        if (res.status === 409) {
          // Money that came after the registration was cancelled: refunded, and the answer says so.
          const answer = (await res.json()) as { code?: string; message?: string };
          if (answer.code === "registration_cancelled" && answer.message) {
            toast({ title: "Payment refunded", description: answer.message, variant: "destructive" });
            setError(answer.message);
            return;
          }
        }
        if (!res.ok) throw new Error(`verify answered ${res.status}`);
        succeed();
      } catch {
        toast({ ...EVENT_TOASTS.verifyFailed, variant: "destructive" });
        setError(EVENT_TOASTS.verifyFailed.description);
      }
    },
    [event.id, succeed, toast],
  );

  const pay = useCallback(
    async (order: PaymentStart | null = start) => {
      if (!order?.orderId || !order.keyId) return;
      setError(null);
      setPhase("checkout");
      try {
        const Razorpay = await loadCheckout(checkoutUrl);
        const checkout = new Razorpay({
          key: order.keyId,
          amount: order.amount,
          currency: order.currency,
          order_id: order.orderId,
          name: "CycleWari Community",
          description: event.title,
          prefill: {
            name: order.registration.name,
            email: order.registration.email,
            contact: order.registration.phone,
          },
          theme: { color: "#ea580c" },
          handler: (result) => void verify(result),
          modal: { ondismiss: () => setPhase("payment") },
        });
        checkout.on("payment.failed", (failure) => {
          setPhase("payment");
          setError(
            `Payment failed: ${failure.error?.description ?? "the payment was declined"}. You can try again.`,
          );
        });
        checkout.open();
      } catch {
        setPhase("payment");
        setError("The payment window could not be loaded. Check your connection and try again.");
      }
    },
    [checkoutUrl, event.title, start, verify],
  );

  const begin = useCallback(
    (order: PaymentStart) => {
      setStart(order);
      if (!order.orderId) return succeed();
      setPhase("payment");
      void pay(order);
    },
    [pay, succeed],
  );

  const back = useCallback(() => {
    setPhase("form");
    setError(null);
  }, []);

  return { phase, start, error, begin, pay, back };
}

/** Step 1: name, email, phone, emergency contact (name and email prefilled), posted to /events/{id}/register. */
export function RegistrationForm({
  event,
  prefill,
  initial,
  onStarted,
  onCancel,
  waitlist = false,
}: {
  event: FlowEvent;
  prefill: Prefill;
  /** The event is full: the same details join its waitlist (a place offered later is held with them). */
  waitlist?: boolean;
  /** The page action's answer when the form was posted without JavaScript. */
  initial?: RegisterActionData;
  onStarted: (start: PaymentStart) => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<RegisterActionData>();
  const toast = useToast();
  const answer = fetcher.data ?? initial;
  const [form, fields] = useForm({
    id: `event-registration-${event.id}`,
    lastResult: answer?.ok === false ? answer.result : undefined,
    constraint: getZodConstraint(initializePaymentSchema),
    defaultValue: { ...prefill, amount: String(event.fee) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: initializePaymentSchema }),
  });

  const started = useRef(onStarted);
  started.current = onStarted;
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) started.current(fetcher.data.start);
    // Field errors show under their fields; anything else (full, closed, provider down) is the spec's 'Error' toast.
    else if (!fetcher.data.result?.error || fetcher.data.result.error[""]) {
      toast({
        ...EVENT_TOASTS.initFailed,
        description: fetcher.data.message,
        variant: "destructive",
      });
    }
  }, [fetcher.data, toast]);

  const submitting = fetcher.state !== "idle";
  const formError =
    answer?.ok === false && (!answer.result?.error || answer.result.error[""]) ? answer.message : null;
  return (
    <fetcher.Form
      method="post"
      action={`/events/${event.id}/register`}
      {...getFormProps(form)}
      className="space-y-4"
    >
      {formError ? (
        <Alert tone="error" title="Registration not started">
          {formError}
        </Alert>
      ) : null}
      <input type="hidden" name={fields.amount.name} value={String(event.fee)} />
      {waitlist ? <input type="hidden" name="intent" value="join-waitlist" /> : null}
      <ErrorList errors={fields.amount.errors} />
      <Field
        label="Full name"
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          autoComplete: "name",
        }}
      />
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
        }}
      />
      <Field
        label="Phone"
        errors={fields.phone.errors}
        inputProps={{
          ...getInputProps(fields.phone, { type: "tel" }),
          autoComplete: "tel",
          placeholder: "10-digit mobile number",
        }}
      />
      <Field
        label="Emergency contact"
        errors={fields.emergencyContact.errors}
        hint="Name and phone number of someone we can call on the day."
        inputProps={{
          ...getInputProps(fields.emergencyContact, { type: "text" }),
          placeholder: "e.g. Ravi Patil 9812345678",
        }}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button
            type="button"
            onClick={onCancel}
            variant="secondary"
            size="none"
            className="px-4 py-2 font-medium"
          >
            Cancel
          </Button>
        ) : null}
        <SubmitButton pending={submitting} pendingText="Processing..." className="sm:w-auto">
          {waitlist
            ? "Join waitlist"
            : event.fee === 0
              ? "Register"
              : `Continue to Payment · ${formatRupees(event.fee)}`}
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

/** The payment step: what is being paid, the button that (re)opens the checkout, and any failure. */
export function PaymentPanel({
  event,
  start,
  phase,
  error,
  onPay,
  onBack,
}: {
  event: FlowEvent;
  start: PaymentStart;
  phase: Phase;
  error: string | null;
  onPay: () => void;
  onBack: () => void;
}) {
  const busy = phase === "checkout";
  // The buttons need JavaScript (the checkout is a script): without it only the <noscript> note shows.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-4 text-sm">
        <dt className="text-gray-500">Event</dt>
        <dd className="font-medium text-gray-900">{event.title}</dd>
        <dt className="text-gray-500">Participant</dt>
        <dd className="min-w-0 text-gray-900">
          <span className="block">{start.registration.name}</span>
          <span className="block break-all text-gray-600">{start.registration.email}</span>
        </dd>
        <dt className="text-gray-500">Amount</dt>
        <dd className="font-semibold text-gray-900">{formatRupees(start.amount)}</dd>
      </dl>
      <noscript>
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Your registration is saved as pending. Paying needs JavaScript: the payment provider&apos;s secure
          checkout runs in your browser. Please enable JavaScript and open this page again to complete your
          payment.
        </p>
      </noscript>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {hydrated ? (
        <>
          <p className="text-sm text-gray-600">
            {busy
              ? "Complete the payment in the secure checkout window…"
              : "Your place is held while you pay. You can close this and pay later with Complete Payment."}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              type="button"
              onClick={onBack}
              disabled={busy}
              variant="secondary"
              size="none"
              className="px-4 py-2 font-medium disabled:opacity-60"
            >
              Back
            </Button>
            <Button
              type="button"
              onClick={onPay}
              disabled={busy}
              aria-busy={busy || undefined}
              className="disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? "Opening checkout..." : `Pay ${formatRupees(start.amount)}`}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
