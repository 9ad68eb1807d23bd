import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { TabGroup, TabPanel, TabPanels } from "~/ui/tabs";
import { useEffect } from "react";
import { getOptionalUser } from "~/lib/guards.server";
import { appErrorStatus, readForm, redirect, replyFromError } from "~/lib/http.server";
import { landingPathFor, signInAndRedirect } from "~/lib/sign-in.server";
import { loginWithPassword, registerUser } from "~/modules/auth/auth.server";
import { loginSchema, MSG, registerFormSchema } from "~/modules/auth/schema";
import { Alert, Field, SubmitButton } from "~/ui/form";
import { useToast, type Toast } from "~/ui/toast";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { StravaLogo, stravaButtonClass } from "~/ui/strava-brand";
import { LinkTabList } from "~/ui/tab-link";

export const meta: MetaFunction = () => [{ title: "Sign in · CycleWari Community" }];

/** A refused (429) login or registration keeps its Retry-After on the page's response. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** Toasts for the `error` values providers return with (spec part 1 section 4). */
const RETURN_ERRORS: Record<string, Toast> = {
  "google-auth-failed": {
    title: "Google Authentication Failed",
    description: "We couldn't sign you in with Google. Please try again.",
    variant: "destructive",
  },
  auth_failed: {
    title: "Strava Authentication Failed",
    description: "We couldn't sign you in with Strava. Please try again.",
    variant: "destructive",
  },
  "google-login-error": {
    title: "Login Error",
    description: "Failed to initiate Google login. Please try again.",
    variant: "destructive",
  },
  "strava-login-error": {
    title: "Login Error",
    description: "Failed to initiate Strava login. Please try again.",
    variant: "destructive",
  },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context.app, request);
  if (user) throw redirect(landingPathFor(user));
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return { returnError: error ? (RETURN_ERRORS[error] ?? null) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent") === "register" ? "register" : "login";
  const submission = parseWithZod(formData, {
    schema: intent === "register" ? registerFormSchema : loginSchema,
  });
  if (submission.status !== "success") {
    return data(
      { intent, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  let redirectResponse: Response;
  try {
    if (intent === "register") {
      const { username, email, password } = submission.value as {
        username: string;
        email: string;
        password: string;
      };
      const user = await registerUser(context.app, request, { username, email, password });
      redirectResponse = await signInAndRedirect(context.app, request, user, {
        toast: {
          title: "Registration successful",
          description: `Welcome, ${user.username}! Please complete your profile settings to get started.`,
        },
      });
    } else {
      const user = await loginWithPassword(
        context.app,
        request,
        submission.value as { username: string; password: string },
      );
      redirectResponse = await signInAndRedirect(context.app, request, user, {
        toast: { title: "Login successful", description: `Welcome back, ${user.username}!` },
        redirectTo: new URL(request.url).searchParams.get("redirectTo"),
      });
    }
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message, fieldErrors, headers } = replyFromError(error);
    return data(
      {
        intent,
        result: submission.reply({
          formErrors: fieldErrors ? [] : [message],
          fieldErrors,
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status, headers },
    );
  }
  throw redirectResponse;
}

const AUTH_TABS = ["login", "register"] as const;

/** The address of a tab, keeping the rest of the query (a `redirectTo`). */
function tabHref(current: URLSearchParams, tab: (typeof AUTH_TABS)[number]): string {
  const next = new URLSearchParams(current);
  if (tab === "register") next.set("tab", "register");
  else next.delete("tab");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export default function AuthPage() {
  const { returnError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        <div className="my-6 flex items-center gap-3 text-xs uppercase text-gray-500">
          <span className="h-px flex-1 bg-gray-200" /> or continue with{" "}
          <span className="h-px flex-1 bg-gray-200" />
        </div>
        <div className="grid gap-3">
          <a
            href="/api/auth/google"
            className="flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50"
          >
            <span aria-hidden="true" className="font-bold text-blue-600">
              G
            </span>{" "}
            Sign in with Google
          </a>
          <a href="/api/auth/strava" className={`${stravaButtonClass} hover:bg-[#E34A00]`}>
            <StravaLogo />
            Sign in with Strava
          </a>
        </div>
      </Card>
    </main>
  );
}

type Result = NonNullable<ReturnType<typeof useActionData<typeof action>>>["result"];

function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <Alert tone="error">{errors[0]}</Alert>;
}

function LoginForm({ result }: { result?: Result }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const [form, fields] = useForm({
    id: "login-form",
    lastResult: result,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldRevalidate: "onInput",
  });
  // 'Please enter both username and password' speaks of both fields: it is printed once, under the first.
  const passwordErrors = fields.username.errors?.includes(MSG.loginBoth)
    ? fields.password.errors?.filter((e) => e !== MSG.loginBoth)
    : fields.password.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      <FormErrors errors={form.errors} />
      <Field
        label="Username"
        errors={fields.username.errors}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
      />
      <Field
        label="Password"
        errors={passwordErrors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
        }}
      />
      <div className="flex justify-end">
        <Link to="/forgot-password" className="text-sm font-medium text-brand hover:underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton pending={pending} pendingText="Logging in...">
        Login
      </SubmitButton>
    </Form>
  );
}

function RegisterForm({ result }: { result?: Result }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  const [form, fields] = useForm({
    id: "register-form",
    lastResult: result,
    constraint: getZodConstraint(registerFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerFormSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="register" />
      <FormErrors errors={form.errors} />
      <Field
        label="Username"
        errors={fields.username.errors}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
      />
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label="Password"
        errors={fields.password.errors}
        hint="At least 8 characters with one special character"
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
      />
      <Field
        label="Confirm Password"
        errors={fields.confirmPassword.errors?.flatMap((e) =>
          e === MSG.passwordsDontMatch ? [e, "Please make sure your passwords match."] : [e],
        )}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <SubmitButton pending={pending} pendingText="Registering...">
        Register
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
