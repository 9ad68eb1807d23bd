/**
 * Adapters `(ctx, user, input)` for the data-rights part of /profile-settings
 * and its confirmation page /profile-settings/delete-account (which is also
 * the form that works without JavaScript). The routes guard with requireUser:
 * an unverified account may still download or delete its data.
 */
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { readForm, redirect, replyFromError } from "~/lib/http.server";
import { destroyUserSession, sessionAgeSeconds } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatRupees } from "~/lib/format";
import {
  confirmationKind,
  deleteAccount,
  isFreshSignIn,
  isLastAdmin,
  upcomingPaidPlaces,
  type PaidPlace,
} from "./deletion.server";
import { ACCOUNT_MSG, DELETE_ACCOUNT_PATH, FRESH_SIGN_IN_MINUTES } from "./schema";

/** What the download and danger-zone sections need to know. */
export async function accountSection(app: AppContext, user: User, request: Request) {
  const [age, lastAdmin, paidPlaces] = await Promise.all([
    sessionAgeSeconds(app, request),
    isLastAdmin(app, user),
    upcomingPaidPlaces(app, user),
  ]);
  return {
    confirmation: confirmationKind(user),
    freshSignIn: isFreshSignIn(age),
    freshMinutes: FRESH_SIGN_IN_MINUTES,
    lastAdmin,
    /** Paid places in upcoming events: the form names them and asks to cancel them first (decision 031). */
    paidPlaces,
  };
}
export type AccountSectionData = Awaited<ReturnType<typeof accountSection>>;

const deleteIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("delete"),
    password: z.string().max(128).optional(),
    cancelPaidPlaces: z.literal("on").optional(),
  }),
  z.object({ intent: z.literal("reauth") }),
]);

export interface DeleteReply {
  ok: false;
  message: string;
  code: string | null;
  /** With `paid_places`: the places as they stand now (one may have been paid since the page loaded). */
  places?: PaidPlace[];
}

/** The toast's last words: what the cancelled places refund. */
function refundsSentence(cancelled: Awaited<ReturnType<typeof deleteAccount>>["cancelledPlaces"]) {
  const refunded = cancelled.reduce((sum, place) => sum + (place.refund?.amount ?? 0), 0);
  if (cancelled.length === 0) return "";
  const what = cancelled.length === 1 ? "Your event registration was" : "Your event registrations were";
  return refunded > 0
    ? ` ${what} cancelled; a refund of ${formatRupees(refunded)} is on its way to the account you paid from.`
    : ` ${what} cancelled, without a refund under the event's rule.`;
}

/**
 * The confirmation form's answer: on success a redirect home that clears the
 * cookie and says what happened; on failure the message (wrong password,
 * sign in again, last admin) with its status. `reauth` signs the member out
 * and sends them to sign in again, then back here.
 */
export async function deleteAccountAction(app: AppContext, user: User, request: Request) {
  const form = await readForm(request);
  const parsed = deleteIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data<DeleteReply>({ ok: false, message: "Unknown action", code: null }, { status: 400 });

  if (parsed.data.intent === "reauth") {
    const cookie = await destroyUserSession(app, request);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(DELETE_ACCOUNT_PATH)}`, {
      headers: { "Set-Cookie": cookie },
    });
  }

  let result: Awaited<ReturnType<typeof deleteAccount>>;
  try {
    result = await deleteAccount(app, user, {
      password: parsed.data.password || undefined,
      sessionAgeSeconds: await sessionAgeSeconds(app, request),
      cancelPaidPlaces: parsed.data.cancelPaidPlaces === "on",
    });
  } catch (error) {
    const reply = replyFromError(error, ACCOUNT_MSG.failed, {
      context: "account deletion",
      hideServerErrors: true,
    });
    const code = typeof reply.extra.code === "string" ? reply.extra.code : null;
    const places = code === "paid_places" ? (reply.extra.places as PaidPlace[]) : undefined;
    return data<DeleteReply>(
      { ok: false, message: reply.message, code, ...(places ? { places } : {}) },
      { status: reply.status, headers: reply.headers },
    );
  }
  const headers = new Headers({ "Set-Cookie": await destroyUserSession(app, request) });
  throw await redirectWithToast(
    app,
    "/",
    {
      title: ACCOUNT_MSG.deleted,
      description: ACCOUNT_MSG.deletedDetail + refundsSentence(result.cancelledPlaces),
      variant: "success",
    },
    { headers },
  );
}
