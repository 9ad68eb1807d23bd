/**
 * The payment provider's checkout script, loaded on demand (only when a member
 * reaches the payment step) from RAZORPAY_CHECKOUT_URL, and the small part of
 * its surface we use: `new Razorpay(options).on("payment.failed", cb).open()`.
 */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme?: { color: string };
  handler: (result: CheckoutResult) => void;
  modal?: { ondismiss?: () => void };
}

interface CheckoutInstance {
  open(): void;
  on(
    event: "payment.failed",
    callback: (failure: { error?: { description?: string } }) => void,
  ): CheckoutInstance;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loading = new Map<string, Promise<CheckoutConstructor>>();

export function loadCheckout(src: string): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.Razorpay
        ? resolve(window.Razorpay)
        : reject(new Error("checkout script did not define Razorpay"));
    script.onerror = () => {
      script.remove();
      loading.delete(src);
      reject(new Error("checkout script failed to load"));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
