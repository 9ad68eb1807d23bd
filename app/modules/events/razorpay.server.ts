/**
 * Razorpay's REST API (orders, payments) through RAZORPAY_API_URL with HTTP
 * Basic key id / key secret, so tests and the demo differ from production by
 * configuration alone.
 */
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { REGISTRATION_MSG } from "./schema";

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
}

/** A call Razorpay refused (`upstreamStatus`, its HTTP status) or that never reached it (null). */
export class RazorpayError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus: number | null,
    readonly detail: string,
  ) {
    super(502, message);
  }
}

function credentials(app: AppContext) {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = app.env;
  if (!keyId || !keySecret) throw new AppError(503, REGISTRATION_MSG.paymentsUnavailable);
  return { keyId, keySecret };
}

async function razorpay<T>(app: AppContext, path: string, init: RequestInit, failure: string): Promise<T> {
  const { keyId, keySecret } = credentials(app);
  let res: Response;
  try {
    res = await fetch(`${app.env.RAZORPAY_API_URL.replace(/\/$/, "")}${path}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        Authorization: `Basic ${btoa(`${keyId}:${keySecret}`)}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
    });
  } catch (error) {
    console.error(`razorpay ${path} unreachable`, error);
    throw new RazorpayError(failure, null, "Razorpay could not be reached");
  }
  if (!res.ok) {
    const body = (await res.text()).slice(0, 300);
    console.error(`razorpay ${path} answered ${res.status}`, body);
    throw new RazorpayError(
      failure,
      res.status,
      `Razorpay answered ${res.status}: ${razorpayDescription(body)}`,
    );
  }
  return (await res.json()) as T;
}

/** The `error.description` of Razorpay's error envelope, else the start of the body. */
function razorpayDescription(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { description?: unknown } };
    if (typeof parsed.error?.description === "string") return parsed.error.description.slice(0, 200);
  } catch {
    // not JSON
  }
  return body.slice(0, 120) || "no details";
}

export function createOrder(
  app: AppContext,
  order: { amount: number; currency: string; receipt: string; notes: Record<string, string> },
) {
  return razorpay<RazorpayOrder>(
    app,
    "/orders",
    { method: "POST", body: JSON.stringify(order) },
    REGISTRATION_MSG.initFailed,
  );
}

export function fetchPayment(app: AppContext, paymentId: string) {
  return razorpay<RazorpayPayment>(
    app,
    `/payments/${encodeURIComponent(paymentId)}`,
    { method: "GET" },
    REGISTRATION_MSG.verifyFailed,
  );
}

/** GET /orders/{id}/payments: every payment attempt on an order (Razorpay's collection shape). */
export function fetchOrderPayments(app: AppContext, orderId: string) {
  return razorpay<{ entity: "collection"; count: number; items: RazorpayPayment[] }>(
    app,
    `/orders/${encodeURIComponent(orderId)}/payments`,
    { method: "GET" },
    REGISTRATION_MSG.verifyFailed,
  );
}

export const publicKeyId = (app: AppContext) => credentials(app).keyId;

/** Razorpay's refund entity, as far as the app reads it. */
export interface RazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  payment_id: string;
  status: "pending" | "processed" | "failed";
  notes?: Record<string, string> | [];
}

/**
 * POST /payments/{id}/refund, made idempotent by Razorpay's
 * `X-Refund-Idempotency` header: the same key and body answer the same refund,
 * so a retry never refunds twice (docs/decisions/025-registration-states.md).
 */
export function createRefund(
  app: AppContext,
  paymentId: string,
  body: { amount: number; speed: "normal"; notes: Record<string, string> },
  idempotencyKey: string,
) {
  return razorpay<RazorpayRefund>(
    app,
    `/payments/${encodeURIComponent(paymentId)}/refund`,
    { method: "POST", body: JSON.stringify(body), headers: { "X-Refund-Idempotency": idempotencyKey } },
    REGISTRATION_MSG.refundFailed,
  );
}
