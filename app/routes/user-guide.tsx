import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { UserGuide } from "~/modules/guide/components/user-guide";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "User Guide · CycleWari Community" }];

/** /user-guide: public, no guard (spec part 2 §2 and §6). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.app.env.SUPPORT_EMAIL };
}

export default function UserGuideRoute() {
  return <UserGuide supportEmail={useLoaderData<typeof loader>().supportEmail} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
