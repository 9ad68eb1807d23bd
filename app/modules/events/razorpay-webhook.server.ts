/**
 * POST /api/webhooks/razorpay: Razorpay's signed payment and refund events.
 */
import { z } from "zod";
import { eq } from "drizzle-orm";
import { payments } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, readTextCapped } from "~/lib/http.server";
import { markOrderPaid, settlesOrder } from "./payment.server";
import { applyRefundWebhook } from "./refunds.server";
import { verifyHmacSha256 } from "./signature";

/** The part of Razorpay's payment webhook the app reads (https://razorpay.com/docs/webhooks/payloads/payments/). */
const webhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(100),
            order_id: z.string().min(1).max(100),
            amount: z.number().int().nonnegative(),
            status: z.string().max(50),
          }),
        })
        .optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(100),
            payment_id: z.string().min(1).max(100),
            amount: z.number().int().nonnegative(),
            status: z.string().max(50),
            notes: z.union([z.record(z.string().max(500)), z.array(z.unknown()).max(0)]).optional(),
          }),
        })
        .optional(),
    })
    .optional(),
});
/** Razorpay's largest webhook bodies are a few KB. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/razorpay: the body is trusted only with a valid
 * X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret).
 * `payment.captured` (and `order.paid`) mark the order paid, idempotently;
 * `refund.processed` / `refund.failed` settle our refund (refunds.server.ts);
 * other events and unknown orders are acknowledged and ignored.
 */
export async function handleRazorpayWebhook(app: AppContext, request: Request): Promise<Response> {
  const raw = await readTextCapped(request, WEBHOOK_MAX_BYTES);
  const valid = await verifyHmacSha256(
    app.env.RAZORPAY_WEBHOOK_SECRET,
    raw,
    request.headers.get("X-Razorpay-Signature"),
  );
  if (!valid) throw new AppError(400, "Invalid webhook signature", { code: "invalid_signature" });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(400, "Invalid JSON body");
  }
  // Signed is not the same as well-formed: a shape we cannot read is a 400, never a 500.
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError(400, "Invalid webhook payload", { code: "invalid_payload" });
  const body = parsed.data;
  const refund = body.payload?.refund?.entity;
  if (body.event.startsWith("refund.") && refund)
    return Response.json({ ok: true, handled: await applyRefundWebhook(app, body.event, refund) });
  const payment = body.payload?.payment?.entity;
  if ((body.event !== "payment.captured" && body.event !== "order.paid") || !payment) {
    return Response.json({ ok: true, handled: false });
  }
  const order = await app.db.query.payments.findFirst({ where: eq(payments.orderId, payment.order_id) });
  if (!order || !settlesOrder(payment, order)) return Response.json({ ok: true, handled: false });
  await markOrderPaid(app, payment.order_id, payment.id, { actor: "razorpay", userId: null });
  return Response.json({ ok: true, handled: true });
}
