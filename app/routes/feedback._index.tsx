import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FeedbackFormPage } from "~/modules/feedback/components/feedback-form-page";
import { feedbackFormAction, feedbackFormPage } from "~/modules/feedback/page.server";

export const meta: MetaFunction = () => [{ title: "Feedback · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return feedbackFormPage(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return feedbackFormAction(context.app, request);
}

export default function FeedbackRoute() {
  return (
    <FeedbackFormPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />
  );
}
