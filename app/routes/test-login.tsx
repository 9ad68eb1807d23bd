import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getOptionalUser, requireTestPages } from "~/lib/guards.server";
import { appErrorStatus, readForm, replyFromError } from "~/lib/http.server";
import { createUserSession } from "~/lib/session.server";
import { loginWithPassword } from "~/modules/auth/auth.server";
import { Alert, Field, SubmitButton } from "~/ui/form";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** Developer session test page (ENABLE_TEST_PAGES only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireTestPages(context.app);
  const user = await getOptionalUser(context.app, request);
  return { signedInAs: user?.username ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireTestPages(context.app);
  const form = await readForm(request);
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!username || !password)
    return data({ ok: false, message: "Please enter both username and password" }, { status: 400 });
  try {
    const user = await loginWithPassword(context.app, request, { username, password });
    return data(
      { ok: true, message: `Session created for ${user.username}` },
      { headers: { "Set-Cookie": await createUserSession(context.app, request, user) } },
    );
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message } = replyFromError(error);
    return data({ ok: false, message: `Login failed: ${message}` }, { status });
  }
}

export default function TestLogin() {
  const { signedInAs } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <main className="mx-auto max-w-md space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Session test</h1>
      <p className="text-sm text-gray-600">
        Current session: {signedInAs ? `signed in as ${signedInAs}` : "none"}
      </p>
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
      <Form method="post" className="space-y-4">
        <Field label="Username" inputProps={{ name: "username", type: "text", autoComplete: "username" }} />
        <Field
          label="Password"
          inputProps={{ name: "password", type: "password", autoComplete: "current-password" }}
        />
        <SubmitButton pending={pending} pendingText="Testing...">
          Test login
        </SubmitButton>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
