/**
 * The /auth page's adapters: what the page shows on arrival (a provider's
 * return error as a toast) and its one form action (login or register, by
 * `intent`). Same module functions as /api/login and /api/register.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, replyFromError } from "~/lib/http.server";
import { signInAndRedirect } from "~/lib/sign-in.server";
import type { Toast } from "~/ui/toast";
import { loginWithPassword, registerUser } from "./auth.server";
import { loginSchema, registerFormSchema } from "./schema";

/** Toasts for the `error` values providers return with (spec part 1 section 4). */
const RETURN_ERRORS: Record<string, Toast> = {
  "google-auth-failed": {
    title: "Google Authentication Failed",
    description: "We couldn't sign you in with Google. Please try again.",
    variant: "destructive",
  },
  auth_failed: {
    title: "Strava Authentication Failed",
    description: "We couldn't sign you in with Strava. Please try again.",
    variant: "destructive",
  },
  "google-login-error": {
    title: "Login Error",
    description: "Failed to initiate Google login. Please try again.",
    variant: "destructive",
  },
  "strava-login-error": {
    title: "Login Error",
    description: "Failed to initiate Strava login. Please try again.",
    variant: "destructive",
  },
};

/** The page's data for a guest: the toast for a provider's `?error=` return, if any. */
export function authPage(url: URL): { returnError: Toast | null } {
  const error = url.searchParams.get("error");
  return { returnError: error ? (RETURN_ERRORS[error] ?? null) : null };
}

/**
 * Login or register (the form's `intent`): on success a redirect (thrown) with
 * a fresh session and the spec's toast; otherwise the form's reply, 400 for
 * invalid input, the error's own status (401, 409, 429 with Retry-After …).
 */
export async function authAction(app: AppContext, request: Request, formData: FormData) {
  const intent = formData.get("intent") === "register" ? "register" : "login";
  const submission = parseWithZod(formData, {
    schema: intent === "register" ? registerFormSchema : loginSchema,
  });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  let redirectResponse: Response;
  try {
    if (intent === "register") {
      const { username, email, password } = submission.value as {
        username: string;
        email: string;
        password: string;
      };
      const user = await registerUser(app, request, { username, email, password });
      redirectResponse = await signInAndRedirect(app, request, user, {
        toast: {
          title: "Registration successful",
          description: `Welcome, ${user.username}! Please complete your profile settings to get started.`,
        },
      });
    } else {
      const user = await loginWithPassword(
        app,
        request,
        submission.value as { username: string; password: string },
      );
      redirectResponse = await signInAndRedirect(app, request, user, {
        toast: { title: "Login successful", description: `Welcome back, ${user.username}!` },
        redirectTo: new URL(request.url).searchParams.get("redirectTo"),
      });
    }
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message, fieldErrors, headers } = replyFromError(error);
    return data(
      {
        intent,
        result: submission.reply({
          formErrors: fieldErrors ? [] : [message],
          fieldErrors,
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status, headers },
    );
  }
  throw redirectResponse;
}

/** What the action answers the page with when it does not redirect. */
export type AuthActionData = Awaited<ReturnType<typeof authAction>>["data"];
