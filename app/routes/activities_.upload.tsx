import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { timeZoneOf } from "~/lib/time-zone";
import { UploadsPage } from "~/modules/uploads/components/uploads-page";
import { uploadsAction, uploadsPage } from "~/modules/uploads/page.server";
import { readUploadForm } from "~/modules/uploads/uploads.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Add activities · CycleWari Community" }];

/** An upload refused by the hourly limit (429) keeps its Retry-After on the page's response. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return uploadsPage(context.app, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  // A manual entry is typed in the zone the page is written in (the member's setting, else the browser's).
  return uploadsAction(context.app, user, await readUploadForm(request), timeZoneOf(request, user));
}

export default function UploadsRoute() {
  return <UploadsPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
