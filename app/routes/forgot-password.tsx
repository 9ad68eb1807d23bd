import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getOptionalUser } from "~/lib/guards.server";
import { readForm, redirect, replyFromError } from "~/lib/http.server";
import { requestPasswordReset } from "~/modules/auth/auth.server";
import { forgotPasswordSchema } from "~/modules/auth/schema";
import { Alert, Field, SubmitButton } from "~/ui/form";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Forgot password · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getOptionalUser(context.app, request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ sent: null, error: null, result: submission.reply() }, { status: 400 });
  try {
    const { message } = await requestPasswordReset(context.app, request, submission.value.email);
    return { sent: message, error: null, result: submission.reply({ resetForm: true }) };
  } catch (error) {
    const reply = replyFromError(error, undefined, { context: "forgot password" });
    // Only the rate limit is said as it is; anything else would tell whether the address has an account.
    const message = reply.status === 429 ? reply.message : "An error occurred while processing your request.";
    return data(
      { sent: null, error: message, result: submission.reply() },
      { status: reply.status, headers: reply.headers },
    );
  }
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-gray-900">Forgot password</h1>
        <p className="mt-2 text-sm text-gray-600">
          Enter your account's email and we'll send you a link to reset your password.
        </p>
        <div className="mt-6 space-y-4">
          {actionData?.sent ? <Alert tone="success">{actionData.sent}</Alert> : null}
          {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <Field
              label="Email"
              errors={fields.email.errors}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            />
            <SubmitButton pending={sending} pendingText="Sending...">
              Send reset link
            </SubmitButton>
          </Form>
          <p className="text-center text-sm">
            <Link to="/auth" className="font-medium text-brand hover:underline">
              Back to login
            </Link>
          </p>
        </div>
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
