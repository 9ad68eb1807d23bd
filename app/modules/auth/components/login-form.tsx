import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Field, SubmitButton } from "~/ui/form";
import { loginSchema, MSG } from "../schema";
import { FormErrors } from "./form-errors";

/** The Login tab: username and password, validated as the member types, and the forgotten-password link. */
export function LoginForm({ result }: { result?: SubmissionResult<string[]> }) {
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
