import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getOptionalUser } from "~/lib/guards.server";
import { readForm, redirect } from "~/lib/http.server";
import { landingPathFor } from "~/lib/sign-in.server";
import { AuthPage } from "~/modules/auth/components/auth-page";
import { authAction, authPage } from "~/modules/auth/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Sign in · CycleWari Community" }];

/** A refused (429) login or registration keeps its Retry-After on the page's response. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context.app, request);
  if (user) throw redirect(landingPathFor(user));
  return authPage(new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(context.app, request, await readForm(request));
}

export default function AuthRoute() {
  return <AuthPage returnError={useLoaderData<typeof loader>().returnError} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
