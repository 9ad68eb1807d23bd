/**
 * Fake Razorpay: Orders/Payments REST API (HTTP Basic auth; including
 * `GET /orders/{id}/payments`, Razorpay's collection of an order's payment
 * attempts), refunds (`POST /payments/{id}/refund` with Razorpay's
 * `X-Refund-Idempotency` header, `GET /refunds/{id}`,
 * `GET /payments/{id}/refunds`), checkout.js with an in-page modal, payment
 * signatures, payment and refund webhooks, and control endpoints under /_control/razorpay (`requests` lists the REST
 * calls received).
 */
import type { FakesConfig } from "./config.js";
import { checkoutScript } from "./razorpay-checkout.js";
import {
  basicCredentials,
  epochSeconds,
  hmacSha256Hex,
  isHttpUrl,
  isRecord,
  json,
  jsonError,
  num,
  params,
  postToApp,
  randomAlnum,
  reply,
  str,
  type FakeRequest,
  type Fields,
  type Handler,
  type Method,
  type Provider,
  type Reply,
  type RouteParams,
  type Router,
} from "./http.js";

const API = "/razorpay/v1";
const CHECKOUT = "/razorpay/_checkout";
const CONTROL = "/_control/razorpay";
const ACCOUNT_ID = "acc_FakeMerchant01";
const SUPPORTED_CURRENCIES = new Set(["INR", "USD", "EUR", "GBP", "SGD", "AED"]);

export type RazorpayNotes = Record<string, string> | [];

export interface RazorpayOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: RazorpayNotes;
  created_at: number;
}

export type PaymentMethod = "card" | "upi";

export interface RazorpayPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: RazorpayNotes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string>;
  created_at: number;
}

/** Razorpay's refund entity (https://razorpay.com/docs/api/refunds/). */
export interface RazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: RazorpayNotes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal" | "instant";
  speed_requested: "normal" | "optimum";
}

export interface RazorpayState {
  orders: Map<string, RazorpayOrder>;
  payments: Map<string, RazorpayPayment>;
  refunds: Map<string, RazorpayRefund>;
  /** X-Refund-Idempotency keys: the body first sent with each and the refund it made. */
  refundKeys: Map<string, { body: string; refundId: string }>;
  /**
   * Injected refund faults (`POST /_control/razorpay/refund-faults`): the next
   * `remaining` refund requests on `paymentId` (any payment when null) are
   * answered with `status` instead.
   */
  refundFaults: { status: 400 | 500 | 503; remaining: number; paymentId: string | null }[];
  /** Every authenticated REST call, oldest first (`GET /_control/razorpay/requests`), so tests can assert exactly what the app asked. */
  requests: { method: string; path: string }[];
}

interface ErrorDetails {
  field?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, string>;
}

/** Razorpay's error envelope. */
function razorpayError(status: number, description: string, details: ErrorDetails = {}): Reply {
  const { field, metadata = {}, source = "NA", step = "NA", reason = "NA" } = details;
  return json(status, {
    error: {
      code: "BAD_REQUEST_ERROR",
      description,
      source,
      step,
      reason,
      metadata,
      ...(field === undefined ? {} : { field }),
    },
  });
}

const authenticationFailed = (): Reply => razorpayError(401, "Authentication failed");
const validationError = (description: string, field: string): Reply =>
  razorpayError(400, description, {
    field,
    source: "business",
    step: "payment_initiation",
    reason: "input_validation_failed",
  });
const idNotFound = (): Reply => razorpayError(400, "The id provided does not exist");

const collection = <T>(items: T[]): Reply => json(200, { entity: "collection", count: items.length, items });

/** Order body validation as Razorpay reports it; returns an error reply or the validated order fields. */
function validateOrder(
  body: Fields,
): Reply | Pick<RazorpayOrder, "amount" | "currency" | "receipt" | "notes"> {
  const rawAmount = body.amount;
  if (rawAmount === undefined || rawAmount === null || rawAmount === "")
    return validationError("The amount field is required.", "amount");
  const amount = num(body, "amount");
  if (amount === undefined || !Number.isInteger(amount))
    return validationError("The amount must be an integer.", "amount");
  const currency = str(body, "currency");
  if (currency === undefined) return validationError("The currency field is required.", "currency");
  if (!SUPPORTED_CURRENCIES.has(currency)) return validationError("Currency is not supported", "currency");
  if (amount < 100) return validationError(`The amount must be atleast ${currency} 1.00`, "amount");
  const receipt = str(body, "receipt") ?? null;
  if (receipt !== null && receipt.length > 40)
    return validationError("The receipt may not be greater than 40 characters.", "receipt");
  const notes = body.notes;
  if (
    notes !== undefined &&
    notes !== null &&
    !isRecord(notes) &&
    !(Array.isArray(notes) && notes.length === 0)
  ) {
    return validationError("notes should be an object", "notes");
  }
  const entries = isRecord(notes) ? Object.entries(notes) : [];
  if (entries.length > 15)
    return validationError("Number of notes should be less than or equal to 15", "notes");
  return {
    amount,
    currency,
    receipt,
    notes:
      entries.length === 0 ? [] : Object.fromEntries(entries.map(([key, value]) => [key, String(value)])),
  };
}

export function createRazorpay(config: FakesConfig): Provider<RazorpayState> {
  const state: RazorpayState = {
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    refundKeys: new Map(),
    refundFaults: [],
    requests: [],
  };

  const signature = (orderId: string, paymentId: string): string =>
    hmacSha256Hex(config.RAZORPAY_KEY_SECRET, `${orderId}|${paymentId}`);

  const paymentsOf = (orderId: string): RazorpayPayment[] =>
    [...state.payments.values()]
      .filter((payment) => payment.order_id === orderId)
      .reverse()
      .sort((a, b) => b.created_at - a.created_at);

  interface PaymentRequest {
    orderId: string | undefined;
    method: string | undefined;
    email: string | undefined;
    contact: string | undefined;
  }

  const paymentRequest = (fields: Fields): PaymentRequest => ({
    orderId: str(fields, "order_id"),
    method: str(fields, "method"),
    email: str(fields, "email"),
    contact: str(fields, "contact"),
  });

  /** Creates a captured or failed payment for an order and updates the order as Razorpay does. */
  function settle(
    request: PaymentRequest,
    outcome: "captured" | "failed",
  ): { order: RazorpayOrder; payment: RazorpayPayment } | Reply {
    const order = state.orders.get(request.orderId ?? "");
    if (!order) return idNotFound();
    if (order.status === "paid")
      return razorpayError(400, "Order has already been paid", { field: "order_id" });
    const captured = outcome === "captured";
    const method: PaymentMethod = request.method === "card" ? "card" : "upi";
    const fee = captured ? Math.round(order.amount * 0.0236) : null;
    const failure = (value: string): string | null => (captured ? null : value);
    const payment: RazorpayPayment = {
      id: `pay_${randomAlnum(14)}`,
      entity: "payment",
      amount: order.amount,
      currency: order.currency,
      status: outcome,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: null,
      card_id: method === "card" ? `card_${randomAlnum(14)}` : null,
      bank: null,
      wallet: null,
      vpa: method === "upi" ? "success@razorpay" : null,
      email: request.email || "void@razorpay.com",
      contact: request.contact || "+919000090000",
      notes: order.notes,
      fee,
      tax: fee === null ? null : Math.round((fee * 18) / 118),
      error_code: failure("BAD_REQUEST_ERROR"),
      error_description: failure("Payment failed"),
      error_source: failure("customer"),
      error_step: failure("payment_authorization"),
      error_reason: failure("payment_failed"),
      acquirer_data: captured
        ? { rrn: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)) }
        : {},
      created_at: epochSeconds(),
    };
    state.payments.set(payment.id, payment);
    order.attempts++;
    if (captured) Object.assign(order, { amount_paid: order.amount, amount_due: 0, status: "paid" });
    else if (order.status === "created") order.status = "attempted";
    return { order, payment };
  }

  /** What checkout hands to `handler(response)` after a successful payment. */
  function pay(request: PaymentRequest): Reply {
    const result = settle(request, "captured");
    if ("status" in result) return result;
    const { order, payment } = result;
    return json(200, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: signature(order.id, payment.id),
    });
  }

  /** What checkout passes to `payment.failed` callbacks. */
  function fail(request: PaymentRequest): Reply {
    const result = settle(request, "failed");
    if ("status" in result) return result;
    const { order, payment } = result;
    return json(200, {
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "Payment failed",
        source: "customer",
        step: "payment_authorization",
        reason: "payment_failed",
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    });
  }

  const refundsOf = (paymentId: string): RazorpayRefund[] =>
    [...state.refunds.values()].filter((refund) => refund.payment_id === paymentId).reverse();

  /** POST /payments/{id}/refund as Razorpay answers it, idempotent by X-Refund-Idempotency. */
  function createRefund(req: FakeRequest, paymentId: string): Reply {
    const fault = state.refundFaults.find(
      (f) => f.remaining > 0 && (f.paymentId === null || f.paymentId === paymentId),
    );
    if (fault) {
      fault.remaining--;
      state.refundFaults = state.refundFaults.filter((f) => f.remaining > 0);
      return fault.status === 400
        ? razorpayError(400, "The refund could not be processed for this payment", { field: "payment_id" })
        : json(fault.status, {
            error: { code: "SERVER_ERROR", description: "The server encountered an error" },
          });
    }
    const payment = state.payments.get(paymentId);
    if (!payment) return idNotFound();
    const header = req.headers["x-refund-idempotency"];
    const key = Array.isArray(header) ? header[0] : header;
    if (key !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(key))
      return razorpayError(400, "The idempotency key is invalid");
    if (key !== undefined) {
      const seen = state.refundKeys.get(key);
      if (seen) {
        if (seen.body !== req.rawBody)
          return razorpayError(
            400,
            "Different request with the same idempotency key has already been processed.",
          );
        return json(200, state.refunds.get(seen.refundId));
      }
    }
    if (payment.status !== "captured" && payment.status !== "refunded")
      return razorpayError(400, "The payment has not been captured", { field: "payment_id" });
    const left = payment.amount - payment.amount_refunded;
    const raw = req.body.amount;
    const amount = raw === undefined || raw === null || raw === "" ? left : num(req.body, "amount");
    if (amount === undefined || !Number.isInteger(amount))
      return validationError("The amount must be an integer.", "amount");
    if (amount < 100) return validationError(`The amount must be atleast ${payment.currency} 1.00`, "amount");
    if (amount > left)
      return razorpayError(400, "The total refund amount is greater than the refund payment amount", {
        field: "amount",
      });
    const notes = req.body.notes;
    const refund: RazorpayRefund = {
      id: `rfnd_${randomAlnum(14)}`,
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: isRecord(notes) ? Object.fromEntries(Object.entries(notes).map(([k, v]) => [k, String(v)])) : [],
      receipt: str(req.body, "receipt") ?? null,
      acquirer_data: { arn: null },
      created_at: epochSeconds(),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: str(req.body, "speed") === "optimum" ? "optimum" : "normal",
    };
    state.refunds.set(refund.id, refund);
    if (key !== undefined) state.refundKeys.set(key, { body: req.rawBody, refundId: refund.id });
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
    if (payment.amount_refunded === payment.amount) payment.status = "refunded";
    return json(200, refund);
  }

  /** Signs and posts a webhook body to the app as Razorpay does. */
  async function sendWebhook(body: Fields, payload: Record<string, unknown>): Promise<Reply> {
    const url = str(body, "url");
    if (!isHttpUrl(url)) return jsonError(400, "url must be an http(s) URL");
    const raw = JSON.stringify(payload);
    const eventId = str(body, "event_id") ?? randomAlnum(14);
    const signatureHeader = hmacSha256Hex(str(body, "secret") ?? config.RAZORPAY_WEBHOOK_SECRET, raw);
    const result = await postToApp(url, raw, {
      "X-Razorpay-Signature": signatureHeader,
      "X-Razorpay-Event-Id": eventId,
    });
    return json(200, { ...result, event_id: eventId, signature: signatureHeader, payload });
  }

  function register(router: Router): void {
    /** REST API routes behind HTTP Basic key_id:key_secret. */
    const api = <P extends string>(method: Method, pattern: P, handler: Handler<P>): void => {
      router.on(method, `${API}${pattern}`, (req, routeParams) => {
        const credentials = basicCredentials(req);
        if (
          credentials?.username !== config.RAZORPAY_KEY_ID ||
          credentials.password !== config.RAZORPAY_KEY_SECRET
        ) {
          return authenticationFailed();
        }
        state.requests.push({ method: req.method, path: req.path });
        return handler(req, routeParams as RouteParams<P>);
      });
    };

    /** Checkout endpoints called from the browser with the public key id. */
    const checkout = <P extends string>(method: Method, pattern: P, handler: Handler<P>): void => {
      router.on(method, `${CHECKOUT}${pattern}`, (req, routeParams) =>
        str(params(req), "key") === config.RAZORPAY_KEY_ID
          ? handler(req, routeParams as RouteParams<P>)
          : authenticationFailed(),
      );
    };

    api("POST", "/orders", (req) => {
      const fields = validateOrder(req.body);
      if ("status" in fields) return fields;
      const order: RazorpayOrder = {
        id: `order_${randomAlnum(14)}`,
        entity: "order",
        amount: fields.amount,
        amount_paid: 0,
        amount_due: fields.amount,
        currency: fields.currency,
        receipt: fields.receipt,
        offer_id: null,
        status: "created",
        attempts: 0,
        notes: fields.notes,
        created_at: epochSeconds(),
      };
      state.orders.set(order.id, order);
      return json(200, order);
    });

    api("GET", "/orders", (req) => {
      const count = Math.min(100, Math.max(1, num(params(req), "count") ?? 10));
      const skip = Math.max(0, num(params(req), "skip") ?? 0);
      return collection([...state.orders.values()].reverse().slice(skip, skip + count));
    });

    api("GET", "/orders/:id", (_req, { id }) => {
      const order = state.orders.get(id);
      return order ? json(200, order) : idNotFound();
    });

    api("GET", "/orders/:id/payments", (_req, { id }) =>
      state.orders.has(id) ? collection(paymentsOf(id)) : idNotFound(),
    );

    api("GET", "/payments/:id", (_req, { id }) => {
      const payment = state.payments.get(id);
      return payment ? json(200, payment) : idNotFound();
    });

    api("POST", "/payments/:id/refund", (req, { id }) => createRefund(req, id));

    api("GET", "/payments/:id/refunds", (_req, { id }) =>
      state.payments.has(id) ? collection(refundsOf(id)) : idNotFound(),
    );

    api("GET", "/refunds/:id", (_req, { id }) => {
      const refund = state.refunds.get(id);
      return refund ? json(200, refund) : idNotFound();
    });

    router.get("/razorpay/checkout.js", (req: FakeRequest) =>
      reply(200, checkoutScript(req.origin), "application/javascript; charset=utf-8", {
        "cache-control": "no-store",
      }),
    );

    checkout("GET", "/orders/:id", (_req, { id }) => {
      const order = state.orders.get(id);
      return order
        ? json(200, { id: order.id, amount: order.amount, currency: order.currency, status: order.status })
        : idNotFound();
    });
    checkout("POST", "/pay", (req) => pay(paymentRequest(req.body)));
    checkout("POST", "/fail", (req) => fail(paymentRequest(req.body)));

    // ---- Control ------------------------------------------------------------

    router.post(`${CONTROL}/pay`, (req) => pay(paymentRequest(req.body)));
    router.post(`${CONTROL}/fail`, (req) => fail(paymentRequest(req.body)));

    router.get(`${CONTROL}/orders`, () =>
      json(
        200,
        [...state.orders.values()].map((order) => ({ ...order, payments: paymentsOf(order.id) })),
      ),
    );

    router.get(`${CONTROL}/requests`, () => json(200, state.requests));

    router.post(`${CONTROL}/webhook`, async (req) => {
      const body = req.body;
      const url = str(body, "url");
      const event = str(body, "event");
      const orderId = str(body, "order_id");
      if (!isHttpUrl(url)) return jsonError(400, "url must be an http(s) URL");
      if (event !== "payment.captured" && event !== "payment.failed" && event !== "order.paid") {
        return jsonError(400, "event must be payment.captured, payment.failed or order.paid");
      }
      const order = state.orders.get(orderId ?? "");
      if (!order) return jsonError(404, `unknown order ${orderId ?? ""}`);

      // The payment named, else the order's latest one in the right state, else a new one.
      const wanted = event === "payment.failed" ? "failed" : "captured";
      const paymentId = str(body, "payment_id");
      let payment =
        paymentId === undefined
          ? paymentsOf(order.id).find((candidate) => candidate.status === wanted)
          : state.payments.get(paymentId);
      if (!payment && paymentId !== undefined) return jsonError(404, `unknown payment ${paymentId}`);
      if (!payment) {
        const settled = settle(
          { orderId: order.id, method: undefined, email: undefined, contact: undefined },
          wanted,
        );
        if ("status" in settled) return settled;
        payment = settled.payment;
      }

      return sendWebhook(body, {
        entity: "event",
        account_id: ACCOUNT_ID,
        event,
        contains: event === "order.paid" ? ["payment", "order"] : ["payment"],
        payload: {
          payment: { entity: payment },
          ...(event === "order.paid" ? { order: { entity: order } } : {}),
        },
        created_at: epochSeconds(),
      });
    });

    router.get(`${CONTROL}/refunds`, () => json(200, [...state.refunds.values()]));

    /** Fault injection: `{ status: 400 | 500 | 503, count?, payment_id? }` answers that many refund requests with it. */
    router.post(`${CONTROL}/refund-faults`, (req) => {
      const status = num(req.body, "status");
      if (status !== 400 && status !== 500 && status !== 503)
        return jsonError(400, "status must be 400, 500 or 503");
      state.refundFaults.push({
        status,
        remaining: Math.max(0, Math.floor(num(req.body, "count") ?? 1)),
        paymentId: str(req.body, "payment_id") ?? null,
      });
      return json(200, { faults: state.refundFaults });
    });

    router.delete(`${CONTROL}/refund-faults`, () => {
      state.refundFaults = [];
      return json(200, { faults: [] });
    });

    /**
     * Settles a refund (`processed` or `failed`) and posts Razorpay's
     * `refund.processed` / `refund.failed` webhook for it to `url` (a second call
     * sends the same event again, as Razorpay's retries do).
     */
    router.post(`${CONTROL}/refund-webhook`, async (req) => {
      const body = req.body;
      const event = str(body, "event");
      if (event !== "refund.processed" && event !== "refund.failed" && event !== "refund.created")
        return jsonError(400, "event must be refund.created, refund.processed or refund.failed");
      const refundId = str(body, "refund_id");
      const refund = state.refunds.get(refundId ?? "");
      if (!refund) return jsonError(404, `unknown refund ${refundId ?? ""}`);
      if (event === "refund.processed") {
        refund.status = "processed";
        refund.acquirer_data = { arn: refund.acquirer_data.arn ?? `ARN${randomAlnum(10)}` };
      } else if (event === "refund.failed" && refund.status !== "failed") {
        refund.status = "failed";
        const payment = state.payments.get(refund.payment_id);
        if (payment) {
          payment.amount_refunded -= refund.amount;
          payment.refund_status = payment.amount_refunded === 0 ? null : "partial";
          if (payment.status === "refunded") payment.status = "captured";
        }
      }
      const payment = state.payments.get(refund.payment_id);
      return sendWebhook(body, {
        entity: "event",
        account_id: ACCOUNT_ID,
        event,
        contains: ["refund", "payment"],
        payload: { refund: { entity: refund }, ...(payment ? { payment: { entity: payment } } : {}) },
        created_at: epochSeconds(),
      });
    });

    router.post(`${CONTROL}/reset`, () => {
      reset();
      return json(200, { ok: true });
    });
  }

  function reset(): void {
    state.orders.clear();
    state.payments.clear();
    state.refunds.clear();
    state.refundKeys.clear();
    state.refundFaults = [];
    state.requests.length = 0;
  }

  return { state, register, reset };
}
