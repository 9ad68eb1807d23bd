/**
 * /events/{id}/register and /events/{id}/payment as full pages: the same form
 * and payment step as the dialog. Without JavaScript the form posts to the
 * page action and errors show on the page; paying needs the provider's
 * checkout script, which the page says in a <noscript>.
 */
import { Link, useNavigate } from "@remix-run/react";
import type { EventView } from "../events.server";
import type { OwnRegistration } from "../registrations.server";
import type { WaitlistPlace } from "../waitlist.server";
import type { Prefill, RegisterActionData } from "../registration-page.server";
import { isPaid } from "../schema";
import { BackToEvents } from "./event-detail";
import { EventFacts, PaymentBadge } from "./parts";
import { PaymentPanel, RegistrationForm, useRegistrationFlow } from "./registration-flow";
import { Card } from "~/ui/card";

export interface RegistrationPageData {
  event: EventView;
  own: OwnRegistration | null;
  prefill: Prefill;
  checkoutUrl: string;
  now: string;
  /** No place for a new registration: the form joins the waitlist instead. */
  full: boolean;
  waitlist: WaitlistPlace | null;
}

function Closed({ event, message }: { event: EventView; message: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-4 text-gray-700">
      <p>{message}</p>
      <Link to={`/events/${event.id}`} className="mt-3 inline-block font-medium text-brand hover:underline">
        View the event
      </Link>
    </div>
  );
}

export function RegistrationPage({
  data,
  actionData,
  kind,
}: {
  data: RegistrationPageData;
  actionData: RegisterActionData | undefined;
  kind: "register" | "payment";
}) {
  const navigate = useNavigate();
  const { event } = data;
  const flow = useRegistrationFlow({
    event,
    checkoutUrl: data.checkoutUrl,
    onDone: () => navigate(`/events/${event.id}`),
  });

  const { own } = data;
  const open = data.event.isActive && new Date(data.event.date) >= new Date(data.now);
  // Without JavaScript the form's answer arrives as the page's action data.
  const start = flow.start ?? (actionData?.ok ? actionData.start : null);
  const freeDone = start && !start.orderId;
  const paying = start && (!flow.start || flow.phase !== "form");
  let body;
  if (own && isPaid(own.paymentStatus)) {
    body = (
      <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
        <p className="font-semibold">You&apos;re registered for this event.</p>
        <p className="mt-1 flex items-center gap-2 text-sm">
          Payment status: <PaymentBadge status={own.paymentStatus} />
        </p>
      </div>
    );
  } else if (freeDone) {
    body = <Closed event={data.event} message="You've successfully registered for the event!" />;
  } else if (!open) {
    body = <Closed event={data.event} message="Registration for this event is closed." />;
  } else if (paying) {
    body = (
      <PaymentPanel
        event={data.event}
        start={start}
        phase={flow.phase === "form" ? "payment" : flow.phase}
        error={flow.error}
        onPay={() => void flow.pay(start)}
        onBack={flow.back}
      />
    );
  } else if (data.waitlist?.status === "waiting" && !own) {
    body = (
      <Closed
        event={data.event}
        message={`You are on the waitlist: number ${data.waitlist.position} in line. We will e-mail you if a place frees up.`}
      />
    );
  } else {
    const waitlist = data.full && !own;
    body = (
      <>
        {waitlist ? (
          <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            This event is full. Join the waitlist: when a place frees up, the first in line gets an e-mail and
            the place is held for them for a while.
          </p>
        ) : null}
        <RegistrationForm
          event={data.event}
          prefill={flow.start?.registration ?? data.prefill}
          initial={flow.start ? undefined : actionData}
          onStarted={flow.begin}
          waitlist={waitlist}
        />
      </>
    );
  }

  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <BackToEvents />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {kind === "payment" ? "Complete Payment" : "Register for Event"}
        </h1>
        <p className="mt-1 text-gray-700">{data.event.title}</p>
      </div>
      <Card padding="none" className="p-5 sm:p-6">
        <EventFacts event={data.event} />
      </Card>
      <Card as="section" padding="none" className="p-5 sm:p-6">
        {body}
      </Card>
    </main>
  );
}
