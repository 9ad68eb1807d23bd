import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getOptionalUser } from "~/lib/guards.server";
import { replyFromError } from "~/lib/http.server";
import { resendVerification, verifyEmail } from "~/modules/auth/auth.server";
import { MSG } from "~/modules/auth/schema";
import { Alert, SubmitButton } from "~/ui/form";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import type { VerifyNoteHandle } from "~/ui/header";

/** "Email verified": the header's note, read before the verification, is out of date here. */
export const handle: VerifyNoteHandle = {
  hidesVerifyNote: (data) => (data as { state?: string } | undefined)?.state === "verified",
};

export const meta: MetaFunction = () => [{ title: "Verify email · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const signedIn = Boolean(await getOptionalUser(context.app, request));
  try {
    await verifyEmail(context.app, token);
    return { state: "verified" as const, message: MSG.verifyDone, signedIn };
  } catch (error) {
    const { message } = replyFromError(error, "An error occurred during verification", {
      context: "verify email",
    });
    return { state: "failed" as const, message, signedIn };
  }
}

/** Resend: only for a signed-in member (the link goes to their address on file). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(context.app, request);
  if (!user)
    return data(
      { ok: false, message: "Please log in to request a new verification email." },
      { status: 401 },
    );
  try {
    await resendVerification(context.app, user);
    return { ok: true, message: MSG.verificationSent };
  } catch (error) {
    const { status, message } = replyFromError(error, "Failed to resend verification email", {
      context: "resend verification",
    });
    return data({ ok: false, message }, { status });
  }
}

export default function VerifyEmail() {
  const { state, message, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const resending = navigation.state === "submitting";
  const verified = state === "verified" || actionData?.ok;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-gray-900">Email verification</h1>
        <div className="mt-6 space-y-4">
          {verified ? (
            <Alert tone="success" title={state === "verified" ? "Email verified" : "Check your inbox"}>
              {actionData?.ok ? actionData.message : message}
            </Alert>
          ) : (
            <Alert tone="error" title="Verification failed">
              {message}
            </Alert>
          )}
          {actionData && !actionData.ok ? (
            <Alert tone="error" title="Failed to send verification email">
              {actionData.message}
            </Alert>
          ) : null}
          {state === "failed" && signedIn && !actionData?.ok ? (
            <Form method="post">
              <SubmitButton pending={resending} pendingText="Resending...">
                Resend verification email
              </SubmitButton>
            </Form>
          ) : null}
          <Link
            to={signedIn ? "/dashboard" : "/auth"}
            className="block text-center font-medium text-brand hover:underline"
          >
            {signedIn ? "Go to your dashboard" : "Go to login"}
          </Link>
        </div>
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
