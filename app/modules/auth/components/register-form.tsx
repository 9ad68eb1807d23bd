import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Field, SubmitButton } from "~/ui/form";
import { MSG, registerFormSchema } from "../schema";
import { FormErrors } from "./form-errors";

/** The Register tab: username, e-mail and the password twice, validated as the visitor types. */
export function RegisterForm({ result }: { result?: SubmissionResult<string[]> }) {
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
