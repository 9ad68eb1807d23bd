import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { appErrorStatus, readForm, redirect, replyFromError } from "~/lib/http.server";
import { checkResetToken, resetPassword } from "~/modules/auth/auth.server";
import { MSG, resetPasswordFormSchema } from "~/modules/auth/schema";
import { Alert, Field, SubmitButton } from "~/ui/form";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Reset password · CycleWari Community" }];

/** Checking the token happens here, on the server; the page starts as invalid or ready. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/forgot-password");
  try {
    await checkResetToken(context.app, token);
    return { token, valid: true };
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    return { token, valid: false };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordFormSchema });
  if (submission.status !== "success") {
    return data(
      {
        done: null,
        error: null,
        result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }),
      },
      { status: 400 },
    );
  }
  try {
    const { message } = await resetPassword(context.app, submission.value);
    return { done: message, error: null, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    const { status, message } = replyFromError(error, MSG.resetError, { context: "reset password" });
    return data(
      {
        done: null,
        error: message,
        result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }),
      },
      { status },
    );
  }
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "reset-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
    shouldRevalidate: "onInput",
  });

  // Success: on to the login page after 3 seconds.
  useEffect(() => {
    if (!actionData?.done) return;
    const timer = setTimeout(() => navigate("/auth"), 3000);
    return () => clearTimeout(timer);
  }, [actionData?.done, navigate]);

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-gray-900">Reset password</h1>
        <div className="mt-6 space-y-4">
          {actionData?.done ? (
            <Alert tone="success" title="Password reset">
              {actionData.done} Redirecting to login…
            </Alert>
          ) : !valid || actionData?.error === MSG.resetInvalid ? (
            <>
              <Alert tone="error" title="Invalid link">
                {MSG.resetInvalid}
              </Alert>
              <Link
                to="/forgot-password"
                className="block text-center font-medium text-brand hover:underline"
              >
                Request a new link
              </Link>
            </>
          ) : (
            <>
              {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                <input type="hidden" name="token" value={token} />
                <Field
                  label="New password"
                  errors={fields.newPassword.errors}
                  hint="At least 8 characters with one special character"
                  inputProps={{
                    ...getInputProps(fields.newPassword, { type: "password" }),
                    autoComplete: "new-password",
                  }}
                />
                <Field
                  label="Confirm new password"
                  errors={fields.confirmPassword.errors}
                  inputProps={{
                    ...getInputProps(fields.confirmPassword, { type: "password" }),
                    autoComplete: "new-password",
                  }}
                />
                <SubmitButton pending={submitting} pendingText="Resetting...">
                  Reset password
                </SubmitButton>
              </Form>
            </>
          )}
        </div>
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
