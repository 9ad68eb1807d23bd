/**
 * Browser script served at /razorpay/checkout.js. It defines `window.Razorpay`
 * with the real Checkout's surface (`new Razorpay(options)`, `.open()`,
 * `.close()`, `.on("payment.failed", cb)`) and shows an in-page modal whose
 * buttons call the fake's /razorpay/_checkout endpoints.
 *
 * Element ids for tests: rzp-fake-overlay, rzp-fake-modal, rzp-fake-amount,
 * rzp-fake-method, rzp-fake-status, rzp-fake-pay, rzp-fake-fail, rzp-fake-cancel.
 */
export function checkoutScript(fallbackOrigin: string): string {
  return `/* Fake Razorpay Checkout (test double) */
(function () {
  "use strict";
  var current = document.currentScript;
  var ORIGIN = current && current.src ? new URL(current.src).origin : ${JSON.stringify(fallbackOrigin)};
  var BASE = ORIGIN + "/razorpay/_checkout";

  function formatAmount(amount, currency) {
    var value = (Number(amount) || 0) / 100;
    try {
      return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency || "INR" }).format(value);
    } catch (e) {
      return "\\u20b9" + value.toFixed(2);
    }
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "text") node.textContent = attrs[key];
      else if (key === "style") node.style.cssText = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function request(method, path, body) {
    return fetch(BASE + path, {
      method: method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw data;
        return data;
      });
    });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error("No key passed");
    this.options = options;
    this._events = {};
    this._root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this._events[event] = this._events[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._events[event] || []).forEach(function (callback) {
      try { callback(payload); } catch (error) { setTimeout(function () { throw error; }); }
    });
  };

  Razorpay.prototype.close = function () {
    if (this._root) {
      this._root.remove();
      this._root = null;
    }
  };

  Razorpay.prototype._succeed = function (response) {
    var options = this.options;
    this.close();
    if (typeof options.handler === "function") {
      options.handler(response);
    } else if (options.callback_url) {
      var form = el("form", { method: "POST", action: options.callback_url });
      Object.keys(response).forEach(function (key) {
        form.appendChild(el("input", { type: "hidden", name: key, value: response[key] }));
      });
      document.body.appendChild(form);
      form.submit();
    }
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var options = this.options;
    var prefill = options.prefill || {};
    if (this._root) return this;
    var color = (options.theme && options.theme.color) || "#3395ff";
    var button = "font:inherit;cursor:pointer;border-radius:4px;padding:10px 16px;";

    var amount = el("div", { id: "rzp-fake-amount", style: "font-size:28px;font-weight:600;margin:12px 0", text: options.amount ? formatAmount(options.amount, options.currency) : "" });
    var status = el("p", { id: "rzp-fake-status", role: "status", style: "min-height:20px;color:#d93025;font-size:14px;margin:8px 0" });
    var method = el("select", { id: "rzp-fake-method", style: "font:inherit;padding:6px;width:100%" }, [
      el("option", { value: "upi", text: "UPI" }),
      el("option", { value: "card", text: "Card" })
    ]);
    var pay = el("button", { id: "rzp-fake-pay", type: "button", style: button + "background:" + color + ";color:#fff;border:0" }, []);
    var fail = el("button", { id: "rzp-fake-fail", type: "button", text: "Fail payment", style: button + "background:#fff;color:#d93025;border:1px solid #d93025" });
    var cancel = el("button", { id: "rzp-fake-cancel", type: "button", text: "Cancel", style: button + "background:#fff;color:#333;border:1px solid #ccc" });
    pay.textContent = "Pay" + (amount.textContent ? " " + amount.textContent : "");

    var modal = el("div", { id: "rzp-fake-modal", role: "dialog", "aria-modal": "true", "aria-label": "Razorpay Checkout", style: "background:#fff;border-radius:8px;width:360px;max-width:92vw;box-shadow:0 10px 40px rgba(0,0,0,.35);overflow:hidden;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#222" }, [
      el("div", { style: "background:" + color + ";color:#fff;padding:16px 20px" }, [
        el("div", { style: "font-weight:600;font-size:18px", text: options.name || "Merchant" }),
        el("div", { style: "font-size:13px;opacity:.9", text: options.description || "" })
      ]),
      el("div", { style: "padding:16px 20px" }, [
        amount,
        el("div", { style: "font-size:13px;color:#666", text: [prefill.email, prefill.contact].filter(Boolean).join(" \\u00b7 ") }),
        el("div", { style: "font-size:12px;color:#999;margin:4px 0 12px", text: options.order_id ? "Order " + options.order_id : "" }),
        el("label", { style: "display:block;font-size:13px;margin-bottom:8px" }, [document.createTextNode("Pay using"), method]),
        status,
        el("div", { style: "display:flex;gap:8px;flex-wrap:wrap" }, [pay, fail, cancel]),
        el("p", { style: "font-size:11px;color:#999;margin:12px 0 0", text: "Test mode \\u2014 fake Razorpay Checkout" })
      ])
    ]);
    this._root = el("div", { id: "rzp-fake-overlay", style: "position:fixed;inset:0;background:rgba(0,0,0,.6);z-index:2147483647;display:flex;align-items:center;justify-content:center" }, [modal]);
    document.body.appendChild(this._root);

    if (!options.amount && options.order_id) {
      request("GET", "/orders/" + encodeURIComponent(options.order_id) + "?key=" + encodeURIComponent(options.key)).then(function (order) {
        amount.textContent = formatAmount(order.amount, order.currency);
        pay.textContent = "Pay " + amount.textContent;
      }, function () {});
    }

    function busy(on) {
      [pay, fail, cancel].forEach(function (b) { b.disabled = on; });
      status.style.color = "#666";
      status.textContent = on ? "Processing\\u2026" : "";
    }

    function body() {
      return { key: options.key, order_id: options.order_id, method: method.value, email: prefill.email, contact: prefill.contact };
    }

    function showError(error) {
      busy(false);
      status.style.color = "#d93025";
      status.textContent = (error && error.error && error.error.description) || "Something went wrong";
    }

    pay.addEventListener("click", function () {
      busy(true);
      request("POST", "/pay", body()).then(function (response) { self._succeed(response); }, showError);
    });

    fail.addEventListener("click", function () {
      busy(true);
      request("POST", "/fail", body()).then(function (response) {
        self.close();
        self._emit("payment.failed", response);
      }, showError);
    });

    cancel.addEventListener("click", function () {
      self.close();
      if (options.modal && typeof options.modal.ondismiss === "function") options.modal.ondismiss();
    });

    return this;
  };

  window.Razorpay = Razorpay;
})();
`;
}
