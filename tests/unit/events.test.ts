import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatEventDate, formatRupees, fromIndiaLocalInput, toIndiaLocalInput } from "~/lib/format";
import {
  eventFormSchema,
  eventInputSchema,
  initializePaymentSchema,
  registrationSchema,
} from "~/modules/events/schema";
import { hmacSha256Hex, verifyHmacSha256, verifyPaymentSignature } from "~/modules/events/signature";
import { registrationStats } from "~/modules/events/stats";
import { refundFor } from "~/modules/events/refund-rule";
import { foldLine } from "~/modules/events/calendar";

const valid = { name: "Al", email: "a@b.co", phone: "1234567890", emergencyContact: "1234567890" };

function errorsOf(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: (string | number)[]; message: string }[] };
    };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
}

describe("registration form messages at their boundaries", () => {
  it.each([
    ["name", "A", "Name must be at least 2 characters"],
    ["name", " A ", "Name must be at least 2 characters"],
    ["email", "a@b", "Please enter a valid email address"],
    ["email", "", "Please enter a valid email address"],
    ["phone", "123456789", "Please enter a valid phone number"],
    ["emergencyContact", "123456789", "Please enter a valid emergency contact"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(registrationSchema, { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts the shortest valid values (2-character name, 10-character phone and contact)", () => {
    expect(registrationSchema.safeParse(valid).success).toBe(true);
  });

  it("a missing field gets its own message, not zod's", () => {
    expect(errorsOf(registrationSchema, {})).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      emergencyContact: "Please enter a valid emergency contact",
    });
  });

  it("the amount is whole paise, 0 or more", () => {
    expect(initializePaymentSchema.safeParse({ ...valid, amount: 0 }).success).toBe(true);
    expect(initializePaymentSchema.safeParse({ ...valid, amount: "150000" }).success).toBe(true);
    expect(errorsOf(initializePaymentSchema, { ...valid, amount: 1.5 })).toEqual({
      amount: "Amount must equal the event fee",
    });
    expect(errorsOf(initializePaymentSchema, { ...valid, amount: -1 })).toEqual({
      amount: "Amount must equal the event fee",
    });
  });
});

describe("event form messages", () => {
  const event = { title: "T", description: "D", date: "2030-01-01T00:00:00Z", location: "L", fee: 0 };
  it.each([
    ["title", "", "Title is required"],
    ["description", "  ", "Description is required"],
    ["date", "", "Date is required"],
    ["date", "not a date", "Date is required"],
    ["location", "", "Location is required"],
    ["fee", -1, "Fee must be positive"],
    ["fee", "abc", "Fee must be positive"],
    ["maxParticipants", 0, "Maximum participants must be a whole number of 1 or more"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(eventInputSchema, { ...event, [field]: value })).toEqual({ [field]: message });
  });

  it("fee 0 and no cap are fine; an empty cap means none", () => {
    expect(eventInputSchema.parse({ ...event, maxParticipants: "" })).toMatchObject({
      fee: 0,
      maxParticipants: null,
      isActive: true,
    });
  });

  it("the admin form takes rupees and India time, and an unchecked isActive is false", () => {
    const parsed = eventFormSchema.parse({
      ...event,
      date: "2025-06-07T06:30",
      fee: "1500.50",
      maxParticipants: "100",
    });
    expect(parsed).toMatchObject({ fee: 150050, maxParticipants: 100, isActive: false });
    expect(parsed.date.toISOString()).toBe("2025-06-07T01:00:00.000Z");
    expect(eventFormSchema.parse({ ...event, isActive: "on" }).isActive).toBe(true);
  });
});

describe("signatures", () => {
  const secret = "fake-razorpay-secret";
  const node = (key: string, message: string) => createHmac("sha256", key).update(message).digest("hex");

  it("computes Razorpay's HMAC-SHA256 hex like Node's crypto", async () => {
    expect(await hmacSha256Hex(secret, "order_1|pay_1")).toBe(node(secret, "order_1|pay_1"));
  });

  it("accepts the checkout signature of orderId|paymentId and nothing else", async () => {
    const good = node(secret, "order_A|pay_B");
    expect(await verifyPaymentSignature(secret, "order_A", "pay_B", good)).toBe(true);
    expect(await verifyPaymentSignature(secret, "order_A", "pay_B", good.toUpperCase())).toBe(true);
    expect(await verifyPaymentSignature(secret, "order_A", "pay_C", good)).toBe(false);
    expect(await verifyPaymentSignature("other", "order_A", "pay_B", good)).toBe(false);
    expect(await verifyPaymentSignature(secret, "order_A", "pay_B", `${good.slice(0, -1)}0`)).toBe(
      good.endsWith("0"),
    );
    for (const bad of ["", "zz", good.slice(2), `${good}00`, "g".repeat(64)]) {
      expect(await verifyPaymentSignature(secret, "order_A", "pay_B", bad)).toBe(false);
    }
  });

  it("never verifies without a secret or a signature", async () => {
    expect(await verifyHmacSha256(undefined, "body", node("", "body"))).toBe(false);
    expect(await verifyHmacSha256("", "body", node("", "body"))).toBe(false);
    expect(await verifyHmacSha256(secret, "body", null)).toBe(false);
  });

  it("verifies a webhook body byte for byte", async () => {
    const raw = '{"event":"payment.captured"}';
    expect(await verifyHmacSha256("whsec", raw, node("whsec", raw))).toBe(true);
    expect(await verifyHmacSha256("whsec", `${raw} `, node("whsec", raw))).toBe(false);
  });
});

describe("registration statistics", () => {
  const regs = (...statuses: string[]) => statuses.map((paymentStatus) => ({ paymentStatus }));

  it("counts paid and completed as collected, the rest as pending", () => {
    expect(
      registrationStats({ fee: 150000, maxParticipants: 8 }, regs("paid", "completed", "pending", "paid")),
    ).toEqual({
      total: 4,
      paid: 3,
      pending: 1,
      capacityPercent: 50,
      remaining: 4,
      totalCollected: 450000,
      pendingAmount: 150000,
    });
  });

  it("rounds the capacity percent, caps it at 100 and leaves it out without a cap", () => {
    expect(registrationStats({ fee: 100, maxParticipants: 3 }, regs("paid")).capacityPercent).toBe(33);
    expect(registrationStats({ fee: 100, maxParticipants: 3 }, regs("paid", "paid")).capacityPercent).toBe(
      67,
    );
    expect(registrationStats({ fee: 100, maxParticipants: 1 }, regs("paid", "pending"))).toMatchObject({
      capacityPercent: 100,
      remaining: 0,
    });
    expect(registrationStats({ fee: 100, maxParticipants: null }, regs("paid"))).toMatchObject({
      capacityPercent: null,
      remaining: null,
    });
  });

  it("is all zeros for no registrations and for a free event", () => {
    expect(registrationStats({ fee: 50000, maxParticipants: 10 }, [])).toMatchObject({
      total: 0,
      capacityPercent: 0,
      totalCollected: 0,
      pendingAmount: 0,
    });
    expect(registrationStats({ fee: 0, maxParticipants: null }, regs("paid", "pending"))).toMatchObject({
      totalCollected: 0,
      pendingAmount: 0,
    });
  });
});

describe("formats", () => {
  it("shows the date as 'MMMM d, yyyy at h:mm a' in India time, the zone named", () => {
    expect(formatEventDate("2025-06-07T01:00:00Z", "Asia/Kolkata")).toBe("June 7, 2025 at 6:30 AM IST");
    expect(formatEventDate("2025-12-31T18:45:00Z", "Asia/Kolkata")).toBe("January 1, 2026 at 12:15 AM IST");
    expect(formatEventDate("2025-03-04T09:05:00Z", "Asia/Kolkata")).toBe("March 4, 2025 at 2:35 PM IST");
  });

  it("shows fees in rupees, paise only when there are some (issue #37)", () => {
    expect(formatRupees(150000)).toBe("₹1,500");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(5)).toBe("₹0.05");
  });

  it("round-trips datetime-local values in India time", () => {
    expect(toIndiaLocalInput("2025-06-07T01:00:00Z")).toBe("2025-06-07T06:30");
    expect(fromIndiaLocalInput("2025-06-07T06:30")).toBe("2025-06-07T01:00:00.000Z");
    expect(fromIndiaLocalInput("nope")).toBeNull();
  });
});

describe("EVENT_HOLD_MINUTES", () => {
  it("reads whole minutes from 1 to 1440 and falls back to 30 otherwise", async () => {
    const { holdMinutes, DEFAULT_HOLD_MINUTES } = await import("~/modules/events/capacity.server");
    expect(DEFAULT_HOLD_MINUTES).toBe(30);
    expect(holdMinutes({ EVENT_HOLD_MINUTES: "15" })).toBe(15);
    expect(holdMinutes({ EVENT_HOLD_MINUTES: " 1440 " })).toBe(1440);
    for (const bad of [undefined, "", "  ", "0", "-5", "2.5", "abc", "1441"])
      expect(holdMinutes({ EVENT_HOLD_MINUTES: bad }), String(bad)).toBe(30);
  });
});

describe("issue #15: money, refund rule, calendar lines", () => {
  it("shows rupees with Indian digit grouping", () => {
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(1000000000)).toBe("₹1,00,00,000");
  });

  it("refunds in full until N days, then P %, then none; under ₹1.00 is none", () => {
    const rule = { refundFullDays: 7, refundPartialPercent: 50, refundPartialDays: 1 };
    const now = new Date("2026-01-01T00:00:00Z");
    const at = (days: number) => ({ ...rule, date: new Date(now.getTime() + days * 86_400_000) });
    expect(refundFor(at(7), 150000, now)).toEqual({ percent: 100, amount: 150000 });
    expect(refundFor(at(6.9), 150000, now)).toEqual({ percent: 50, amount: 75000 });
    expect(refundFor(at(1), 150001, now)).toEqual({ percent: 50, amount: 75000 });
    expect(refundFor(at(0.9), 150000, now)).toEqual({ percent: 0, amount: 0 });
    expect(refundFor(at(3), 150, now)).toEqual({ percent: 0, amount: 0 });
  });

  it("folds calendar lines at 75 octets without splitting a character", () => {
    const folded = foldLine(`DESCRIPTION:${"₹".repeat(40)}`).split("\r\n");
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join("")).toBe(`DESCRIPTION:${"₹".repeat(40)}`);
  });
});
