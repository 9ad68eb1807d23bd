/**
 * The adapters `(ctx, user, input)` shared by /profile (simple form) and
 * /profile-settings (wizard); the routes guard with requireUser (an
 * unverified account may still edit its profile). Intents (`profileIntentSchema`):
 * save, next (Personal → Emergency Contact), complete and resend
 * (verification e-mail). Same module functions as the /api routes.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { isConfined } from "~/lib/guards.server";
import { appErrorStatus, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { resendVerification } from "~/modules/auth/auth.server";
import { MSG as AUTH_MSG } from "~/modules/auth/schema";
import { completeProfile, missingFields, updateProfile } from "./profile.server";
import {
  FIELD_LABELS,
  PERSONAL_REQUIRED,
  PROFILE_MSG,
  profileFormSchema,
  profileIntentSchema,
  type ProfileField,
} from "./schema";

export async function profileAction(app: AppContext, user: User, formData: FormData) {
  const parsedIntent = profileIntentSchema.safeParse(formData.get("intent") ?? undefined);
  if (!parsedIntent.success)
    return data(
      { intent: "save", ok: false, message: "Unknown action", step: 1, missing: null, result: undefined },
      { status: 400 },
    );
  const intent = parsedIntent.data;

  if (intent === "resend") {
    try {
      await resendVerification(app, user);
      return data({
        intent,
        ok: true,
        message: AUTH_MSG.verificationSent,
        step: 1,
        missing: null,
        result: undefined,
      });
    } catch (error) {
      if (appErrorStatus(error) === null) throw error;
      const { status, message } = replyFromError(error);
      return data({ intent, ok: false, message, step: 1, missing: null, result: undefined }, { status });
    }
  }

  if (intent === "complete") {
    try {
      await completeProfile(app, user);
    } catch (error) {
      // Part 1 §8: missing fields are 'Cannot complete profile: …'; any other failure, a server error
      // included, is the 'Failed to complete profile' toast on this page (not the error page).
      const reply = replyFromError(error, undefined, { context: "profile: complete" });
      const missing = (reply.extra.missingFields as Record<string, boolean> | undefined) ?? null;
      const message = reply.status >= 500 ? null : reply.message;
      return data(
        { intent, ok: false, message, step: 1, missing, result: undefined },
        { status: reply.status },
      );
    }
    throw await redirectWithToast(app, "/dashboard", { title: "Profile completed", variant: "success" });
  }

  const submission = parseWithZod(formData, { schema: profileFormSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent,
        ok: false,
        message: PROFILE_MSG.requiredFields,
        step: intent === "next" ? 1 : Number(formData.get("step") ?? 1),
        missing: null,
        result: submission.reply(),
      },
      { status: 400 },
    );
  }

  if (intent === "next") {
    const missing = PERSONAL_REQUIRED.filter(
      (field) => submission.value[field] === undefined || submission.value[field] === null,
    );
    if (missing.length) {
      const message = `${PROFILE_MSG.requiredFields}: ${missing.map((f) => FIELD_LABELS[f]).join(", ")}`;
      return data(
        {
          intent,
          ok: false,
          message,
          step: 1,
          missing: Object.fromEntries(missing.map((f) => [f, true])),
          result: submission.reply(),
        },
        { status: 400 },
      );
    }
    return data({ intent, ok: true, message: null, step: 2, missing: null, result: submission.reply() });
  }

  try {
    const { intent: _intent, step: _step, ...fields } = submission.value;
    const updated = await updateProfile(app, user, fields);
    if (updated.profileCompleted) {
      throw await redirectWithToast(app, "/dashboard", {
        title: "Profile updated",
        description: "Your profile has been saved.",
        variant: "success",
      });
    }
    return data({
      intent,
      ok: true,
      message: "Profile saved. Complete the remaining fields to finish your profile.",
      step: Number(formData.get("step") ?? 1),
      missing: null,
      result: submission.reply(),
    });
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message, fieldErrors } = replyFromError(error);
    return data(
      { intent, ok: false, message, step: 1, missing: null, result: submission.reply({ fieldErrors }) },
      { status },
    );
  }
}

/** What both profile pages show. */
export async function profilePage(_app: AppContext, user: User) {
  const values: Partial<Record<ProfileField, string | number | null>> = {
    email: user.email.endsWith("@users.noreply.invalid") ? "" : user.email,
    age: user.age,
    gender: user.gender,
    tshirtSize: user.tshirtSize,
    jerseySize: user.jerseySize,
    bloodGroup: user.bloodGroup,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    emergencyContactName: user.emergencyContactName,
    emergencyContactPhone: user.emergencyContactPhone,
    emergencyContactRelation: user.emergencyContactRelation,
  };
  return {
    username: user.username,
    values,
    confined: isConfined(user),
    profileCompleted: user.profileCompleted,
    googleLinked: Boolean(user.googleId),
    missingCount: Object.values(missingFields(user)).filter(Boolean).length,
  };
}
