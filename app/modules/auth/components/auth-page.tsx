import { useActionData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Card } from "~/ui/card";
import { LinkTabList } from "~/ui/tab-link";
import { TabGroup, TabPanel, TabPanels } from "~/ui/tabs";
import { useToast, type Toast } from "~/ui/toast";
import type { AuthActionData } from "../page.server";
import { LoginForm } from "./login-form";
import { ProviderSignIn } from "./provider-sign-in";
import { RegisterForm } from "./register-form";

const AUTH_TABS = ["login", "register"] as const;

/** The address of a tab, keeping the rest of the query (a `redirectTo`). */
function tabHref(current: URLSearchParams, tab: (typeof AUTH_TABS)[number]): string {
  const next = new URLSearchParams(current);
  if (tab === "register") next.set("tab", "register");
  else next.delete("tab");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/**
 * /auth: the Login and Register tabs (`?tab=register`), the provider buttons,
 * and the toasts for a provider's return error and a refused form.
 */
export function AuthPage({ returnError }: { returnError: Toast | null }) {
  const actionData = useActionData<AuthActionData>();
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const tab = searchParams.get("tab") === "register" ? "register" : "login";

  // Provider return errors: one toast, then the query is removed from the address.
  useEffect(() => {
    if (!returnError) return;
    toast(returnError);
    setSearchParams(
      (prev) => {
        prev.delete("error");
        return prev;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [returnError, toast, setSearchParams]);

  useEffect(() => {
    const formErrors = actionData?.result.error?.[""];
    if (!actionData || actionData.result.status !== "error") return;
    const message = formErrors?.[0] ?? Object.values(actionData.result.error ?? {})[0]?.[0];
    toast({
      title: actionData.intent === "register" ? "Registration failed" : "Login failed",
      description: message,
      variant: "destructive",
    });
  }, [actionData, toast]);

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-center text-2xl font-bold text-gray-900">Welcome to CycleWari</h1>
        {/* Tabs (arrow keys, roving focus) that are links to ?tab=, so they work without JavaScript too. */}
        <TabGroup
          selectedIndex={AUTH_TABS.indexOf(tab)}
          onChange={(index) =>
            setSearchParams(
              (prev) => {
                if (AUTH_TABS[index] === "register") prev.set("tab", "register");
                else prev.delete("tab");
                return prev;
              },
              { replace: true, preventScrollReset: true },
            )
          }
          className="mt-6"
        >
          <LinkTabList
            label="Sign in or register"
            className="grid-cols-2"
            tabs={AUTH_TABS.map((t) => ({
              id: t,
              label: t === "login" ? "Login" : "Register",
              href: tabHref(searchParams, t),
            }))}
          />
          <TabPanels className="mt-6">
            <TabPanel className="focus:outline-none">
              <LoginForm result={actionData?.intent === "login" ? actionData.result : undefined} />
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <RegisterForm result={actionData?.intent === "register" ? actionData.result : undefined} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
        <ProviderSignIn />
      </Card>
    </main>
  );
}
