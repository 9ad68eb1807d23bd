/**
 * Event validation with the spec's messages (part 2 sections 5, 8 and 9),
 * shared by the registration dialog and pages (client and server), the /api
 * routes, the admin event form and tests.
 */
import { z } from "zod";
import { fromIndiaLocalInput } from "~/lib/format";

export const CURRENCY = "INR";
export const NAME_MIN = 2;
export const PHONE_MIN = 10;
export const EMERGENCY_MIN = 10;

export const REGISTRATION_MSG = {
  name: `Name must be at least ${NAME_MIN} characters`,
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  emergencyContact: "Please enter a valid emergency contact",
  amount: "Amount must equal the event fee",
  notFound: "Event not found",
  inactive: "This event is not open for registration",
  past: "This event has already taken place",
  full: "This event is full: all places have been taken",
  alreadyPaid: "You are already registered for this event",
  registrationNotFound: "Registration not found",
  removed: "Registration removed",
  orderNotFound: "Payment order not found",
  verifyFailed: "Could not verify your payment. Please contact support.",
  initFailed: "Failed to initialize payment. Please try again.",
  paymentsUnavailable: "Payments are not configured",
  refundFailed: "Could not start the refund. It will be retried.",
  cancelled: "Your registration has been cancelled",
  notCancellable: "This registration can no longer be cancelled",
  eventCancelled: "This event has been cancelled",
  waitlistJoined: "You have joined the waitlist",
  waitlistLeft: "You have left the waitlist",
  waitlistNotFull: "This event still has places: register instead",
  waitlistAlready: "You are already on the waitlist for this event",
  waitlistNotFound: "You are not on the waitlist for this event",
} as const;

export const EVENT_MSG = {
  title: "Title is required",
  description: "Description is required",
  date: "Date is required",
  location: "Location is required",
  fee: "Fee must be positive",
  maxParticipants: "Maximum participants must be a whole number of 1 or more",
  isActive: "isActive must be true or false",
  refundFullDays: "Full refund days must be a whole number from 0 to 365",
  refundPartialPercent: "Partial refund must be a whole percent from 0 to 100",
  refundPartialDays: "Partial refund days must be a whole number from 0 to 365, at most the full refund days",
} as const;

/** The spec's toasts (section 8, "Events and payment"). */
export const EVENT_TOASTS = {
  initFailed: { title: "Error", description: REGISTRATION_MSG.initFailed },
  verifyFailed: { title: "Payment verification failed", description: REGISTRATION_MSG.verifyFailed },
  registered: { title: "Success", description: "You've successfully registered for the event!" },
  created: { title: "Event created successfully" },
  updated: { title: "Event updated successfully" },
  deleted: { title: "Event deleted successfully" },
  createFailed: { title: "Failed to create event" },
  updateFailed: { title: "Failed to update event" },
  deleteFailed: { title: "Failed to delete event" },
} as const;

export const DELETE_CONFIRM = "Are you sure you want to delete this event?";
/** The admin's question before removing a participant (the spec has none; same pattern as deletion). */
export const removeRegistrationConfirm = (username: string) =>
  `Are you sure you want to remove ${username} from this event?`;

/** 'Failed to update event status: {message}' (the toggle is reverted). */
export const statusFailed = (message: string) => `Failed to update event status: ${message}`;

const text = (min: number, message: string, max = 200) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(min, message)
    .max(max, message);

/** Step 1 of the registration dialog and the /events/{id}/register form. */
export const registrationSchema = z.object({
  name: text(NAME_MIN, REGISTRATION_MSG.name, 100),
  email: z
    .string({ required_error: REGISTRATION_MSG.email, invalid_type_error: REGISTRATION_MSG.email })
    .trim()
    .email(REGISTRATION_MSG.email)
    .max(254, REGISTRATION_MSG.email),
  phone: text(PHONE_MIN, REGISTRATION_MSG.phone, 20),
  emergencyContact: text(EMERGENCY_MIN, REGISTRATION_MSG.emergencyContact, 100),
});

const paise = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .min(0, message)
      .max(100_000_000, message),
  );

/** POST /api/events/{id}/initialize-payment: the form plus the fee in paise (must equal the event's). */
export const initializePaymentSchema = registrationSchema.extend({ amount: paise(REGISTRATION_MSG.amount) });
export type InitializePaymentInput = z.infer<typeof initializePaymentSchema>;

const providerId = z
  .string({
    required_error: REGISTRATION_MSG.verifyFailed,
    invalid_type_error: REGISTRATION_MSG.verifyFailed,
  })
  .trim()
  .min(1, REGISTRATION_MSG.verifyFailed)
  .max(100, REGISTRATION_MSG.verifyFailed);

/** POST /api/events/{id}/verify-payment: what the provider's checkout hands back. */
export const verifyPaymentSchema = z.object({
  orderId: providerId,
  paymentId: providerId,
  signature: providerId,
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, message);

const optionalCap = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
  z
    .number({ invalid_type_error: EVENT_MSG.maxParticipants })
    .int(EVENT_MSG.maxParticipants)
    .min(1, EVENT_MSG.maxParticipants)
    .max(1_000_000, EVENT_MSG.maxParticipants)
    .nullable(),
);

const bool = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" ? false : v),
  z.boolean({ invalid_type_error: EVENT_MSG.isActive }),
);

const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ invalid_type_error: message }).int(message).min(0, message).max(max, message).optional(),
  );

/** The refund rule (docs/decisions/025): absent fields keep the event's rule (or the defaults on create). */
const refundFields = {
  refundFullDays: wholeNumber(EVENT_MSG.refundFullDays, 365),
  refundPartialPercent: wholeNumber(EVENT_MSG.refundPartialPercent, 100),
  refundPartialDays: wholeNumber(EVENT_MSG.refundPartialDays, 365),
};
const refundRuleOrder = (v: { refundFullDays?: number; refundPartialDays?: number }) =>
  v.refundFullDays === undefined ||
  v.refundPartialDays === undefined ||
  v.refundPartialDays <= v.refundFullDays;

const eventFields = {
  ...refundFields,
  title: required(EVENT_MSG.title, 120),
  description: required(EVENT_MSG.description, 2000),
  date: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.date({ errorMap: () => ({ message: EVENT_MSG.date }) }),
  ),
  location: required(EVENT_MSG.location, 200),
  maxParticipants: optionalCap,
};

/** POST /api/events and PUT /api/events/{id}: fee in paise. */
export const eventInputSchema = z
  .object({
    ...eventFields,
    fee: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
      z
        .number({ required_error: EVENT_MSG.fee, invalid_type_error: EVENT_MSG.fee })
        .int(EVENT_MSG.fee)
        .min(0, EVENT_MSG.fee)
        .max(100_000_000, EVENT_MSG.fee),
    ),
    isActive: bool.default(true),
  })
  .refine(refundRuleOrder, { message: EVENT_MSG.refundPartialDays, path: ["refundPartialDays"] });
export type EventInput = z.infer<typeof eventInputSchema>;

/**
 * The admin event form: the fee is typed in rupees (2 decimals) and stored in
 * paise; an unchecked isActive checkbox sends nothing, which means false.
 */
export const eventFormSchema = z
  .object({
    ...eventFields,
    // datetime-local has no zone: the admin types India time.
    date: z.preprocess(
      (v) => (v === "" || v === null ? undefined : typeof v === "string" ? (fromIndiaLocalInput(v) ?? v) : v),
      z.coerce.date({ errorMap: () => ({ message: EVENT_MSG.date }) }),
    ),
    fee: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
      z
        .number({ required_error: EVENT_MSG.fee, invalid_type_error: EVENT_MSG.fee })
        .min(0, EVENT_MSG.fee)
        .max(1_000_000, EVENT_MSG.fee),
    ),
    isActive: bool.optional(),
  })
  .refine(refundRuleOrder, { message: EVENT_MSG.refundPartialDays, path: ["refundPartialDays"] })
  .transform((v): EventInput => ({ ...v, fee: Math.round(v.fee * 100), isActive: v.isActive ?? false }));

export const activeSchema = z.object({
  isActive: z.boolean({ required_error: EVENT_MSG.isActive, invalid_type_error: EVENT_MSG.isActive }),
});

/** The event list treats 'paid' as registered, the detail page 'completed' too: both readings are honoured. */
export const isPaid = (status: string | null | undefined) => status === "paid" || status === "completed";

/** A record id from a form field: a positive whole number, else undefined (the action answers 404). */
const formId = z.coerce.number().int().positive().optional().catch(undefined);
const redirectTo = z.string().optional();

/** The admin event dialog's intents (its fields are then read by `eventFormSchema`); anything else is a 400. */
export const adminEventIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), id: formId, redirectTo }),
    z.object({ intent: z.literal("update"), id: formId, redirectTo }),
    z.object({ intent: z.literal("delete"), id: formId, redirectTo }),
    z.object({ intent: z.literal("toggle"), id: formId, redirectTo, isActive: z.string().optional() }),
  ],
  { errorMap: () => ({ message: "Unknown intent" }) },
);

/** The participants table's form on /events/{id} (admin). */
export const eventDetailIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("remove-registration"), registrationId: formId }),
    z.object({ intent: z.literal("cancel-event") }),
    z.object({ intent: z.literal("retry-refund"), refundId: formId }),
    z.object({ intent: z.literal("mark-refunded"), refundId: formId, note: z.string().optional() }),
  ],
  { errorMap: () => ({ message: "Unknown intent" }) },
);

export const REFUND_NOTE_MSG = {
  required: "Say how the money was returned",
  tooLong: "The note must be at most 500 characters",
} as const;

/** "Mark refunded by hand" (admin): a note saying how the money was returned is required. */
export const markRefundedSchema = z.object({
  note: z
    .string({ required_error: REFUND_NOTE_MSG.required, invalid_type_error: REFUND_NOTE_MSG.required })
    .trim()
    .min(3, REFUND_NOTE_MSG.required)
    .max(500, REFUND_NOTE_MSG.tooLong),
});
