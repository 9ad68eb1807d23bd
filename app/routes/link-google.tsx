import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { appErrorStatus, readForm, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { checkLinkToken, confirmGoogleLink, LINK_MSG } from "~/modules/auth/oauth-signin.server";
import { Alert, SubmitButton } from "~/ui/form";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Link Google · CycleWari Community" }];

/** Shows the confirmation; opening the link (or a mail scanner fetching it) changes nothing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  try {
    const { email } = await checkLinkToken(context.app, token);
    return { ok: true as const, email, token: token!, message: null };
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    return { ok: false as const, email: null, token: null, message: replyFromError(error).message };
  }
}

/** The member's click: uses the token once and links Google. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  try {
    await confirmGoogleLink(context.app, typeof token === "string" ? token : null);
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message } = replyFromError(error);
    return data({ message }, { status });
  }
  throw await redirectWithToast(context.app, "/auth", {
    title: LINK_MSG.doneTitle,
    description: LINK_MSG.done,
    variant: "success",
  });
}

export default function LinkGoogle() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const message = actionData?.message ?? loaded.message;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-gray-900">Link your Google account</h1>
        <div className="mt-6 space-y-4">
          {message ? (
            <Alert tone="error" title="Linking failed">
              {message}
            </Alert>
          ) : (
            <>
              <p className="text-gray-700">
                Someone signed in with Google and asked to link it to the account of{" "}
                <strong>{loaded.email}</strong>. Link it only if that was you.
              </p>
              <Form method="post">
                <input type="hidden" name="token" value={loaded.token ?? ""} />
                <SubmitButton pending={pending} pendingText="Linking...">
                  Link Google account
                </SubmitButton>
              </Form>
            </>
          )}
          <Link to="/auth" className="block text-center font-medium text-brand hover:underline">
            Go to login
          </Link>
        </div>
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
