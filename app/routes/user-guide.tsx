import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { UserGuide } from "~/modules/guide/components/user-guide";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { guideEdition } from "~/modules/guide/edition.server";

export const meta: MetaFunction = () => [{ title: "User Guide · CycleWari Community" }];

/** /user-guide: public, no guard (spec part 2 §2 and §6). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.app.env.SUPPORT_EMAIL, edition: await guideEdition(context.app) };
}

export default function UserGuideRoute() {
  const { supportEmail, edition } = useLoaderData<typeof loader>();
  return <UserGuide supportEmail={supportEmail} edition={edition} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
