import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { FeedbackFormPage } from "~/modules/feedback/components/feedback-form-page";
import { feedbackFormAction, feedbackFormPage } from "~/modules/feedback/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Feedback · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return feedbackFormPage(context.app, user, new URL(request.url));
}

/** The adapter reads the body itself (multipart with a screenshot, size-checked first). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return feedbackFormAction(context.app, user, request);
}

export default function FeedbackRoute() {
  // Each navigation (a sent form comes back through a redirect) starts a fresh form.
  return (
    <FeedbackFormPage
      key={useLocation().key}
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
