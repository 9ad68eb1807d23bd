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
import { confirmationKind, deleteAccount, isFreshSignIn, isLastAdmin } from "./deletion.server";
import { ACCOUNT_MSG, DELETE_ACCOUNT_PATH, FRESH_SIGN_IN_MINUTES } from "./schema";

/** What the download and danger-zone sections need to know. */
export async function accountSection(app: AppContext, user: User, request: Request) {
  const [age, lastAdmin] = await Promise.all([sessionAgeSeconds(app, request), isLastAdmin(app, user)]);
  return {
    confirmation: confirmationKind(user),
    freshSignIn: isFreshSignIn(age),
    freshMinutes: FRESH_SIGN_IN_MINUTES,
    lastAdmin,
  };
}
export type AccountSectionData = Awaited<ReturnType<typeof accountSection>>;

const deleteIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), password: z.string().max(128).optional() }),
  z.object({ intent: z.literal("reauth") }),
]);

export interface DeleteReply {
  ok: false;
  message: string;
  code: string | null;
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

  try {
    await deleteAccount(app, user, {
      password: parsed.data.password || undefined,
      sessionAgeSeconds: await sessionAgeSeconds(app, request),
    });
  } catch (error) {
    const reply = replyFromError(error, ACCOUNT_MSG.failed, {
      context: "account deletion",
      hideServerErrors: true,
    });
    const code = typeof reply.extra.code === "string" ? reply.extra.code : null;
    return data<DeleteReply>(
      { ok: false, message: reply.message, code },
      { status: reply.status, headers: reply.headers },
    );
  }
  const headers = new Headers({ "Set-Cookie": await destroyUserSession(app, request) });
  throw await redirectWithToast(
    app,
    "/",
    { title: ACCOUNT_MSG.deleted, description: ACCOUNT_MSG.deletedDetail, variant: "success" },
    { headers },
  );
}
