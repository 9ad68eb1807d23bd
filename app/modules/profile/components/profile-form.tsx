import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import type { z } from "zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { profileAction } from "../page.server";
import { Alert, Field, SelectField } from "~/ui/form";
import { useToast } from "~/ui/toast";
import {
  BLOOD_GROUPS,
  FIELD_LABELS,
  GENDER_LABELS,
  GENDERS,
  PERSONAL_REQUIRED,
  PROFILE_MSG,
  profileFormFields,
  profileFormSchema,
  SIZES,
  type ProfileField,
} from "../schema";
import { Button, buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";

export type ProfileValues = Partial<Record<ProfileField, string | number | null>>;

type ActionData = Awaited<ReturnType<typeof profileAction>>["data"];

const sizeOptions = SIZES.map((s) => ({ value: s, label: s }));

function useProfileForm(defaultValue: ProfileValues, id: string) {
  const actionData = useActionData<ActionData>();
  const toast = useToast();
  const [form, fields] = useForm<z.input<typeof profileFormFields>>({
    id,
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(Object.entries(defaultValue).map(([k, v]) => [k, v ?? ""])) as Record<
      string,
      string
    >,
    constraint: getZodConstraint(profileFormFields),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (!actionData || actionData.intent === "next") return;
    if (actionData.intent === "complete" && !actionData.ok) {
      // Part 1 §8: a 400 naming missing fields is 'Cannot complete profile'; any other failure 'Failed to complete profile'.
      toast({
        title: actionData.missing ? "Cannot complete profile" : "Failed to complete profile",
        description: actionData.message ?? undefined,
        variant: "destructive",
      });
    } else if (actionData.intent === "resend") {
      toast(
        actionData.ok
          ? {
              title: "Verification email sent",
              description: actionData.message ?? undefined,
              variant: "success",
            }
          : {
              title: "Failed to send verification email",
              description: actionData.message ?? undefined,
              variant: "destructive",
            },
      );
    } else if (!actionData.ok) {
      toast({
        title: "Failed to update profile",
        description: actionData.message ?? undefined,
        variant: "destructive",
      });
    } else if (actionData.message) {
      toast({ title: "Profile saved", description: actionData.message, variant: "success" });
    }
  }, [actionData, toast]);

  return { form, fields, actionData };
}

type Fields = ReturnType<typeof useProfileForm>["fields"];

function PersonalFields({ fields }: { fields: Fields }) {
  const text = (f: FieldMetadata<string | undefined>, type: "text" | "email" | "url" = "text") =>
    getInputProps(f, { type });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Email *"
        errors={fields.email.errors}
        inputProps={{
          ...text(fields.email as FieldMetadata<string | undefined>, "email"),
          autoComplete: "email",
        }}
      />
      <Field
        label="Age *"
        errors={fields.age.errors}
        inputProps={{
          ...getInputProps(fields.age, { type: "number" }),
          min: 1,
          step: 1,
          inputMode: "numeric",
        }}
      />
      <Field
        label="First name *"
        errors={fields.firstName.errors}
        inputProps={{
          ...text(fields.firstName as FieldMetadata<string | undefined>),
          autoComplete: "given-name",
        }}
      />
      <Field
        label="Last name *"
        errors={fields.lastName.errors}
        inputProps={{
          ...text(fields.lastName as FieldMetadata<string | undefined>),
          autoComplete: "family-name",
        }}
      />
      <SelectField
        label="Gender *"
        errors={fields.gender.errors}
        selectProps={getSelectProps(fields.gender)}
        options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        placeholder="Select gender"
      />
      <SelectField
        label="Blood group *"
        errors={fields.bloodGroup.errors}
        selectProps={getSelectProps(fields.bloodGroup)}
        options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))}
        placeholder="Select blood group"
      />
      <SelectField
        label="T-shirt size *"
        errors={fields.tshirtSize.errors}
        selectProps={getSelectProps(fields.tshirtSize)}
        options={sizeOptions}
        placeholder="Select T-shirt size"
      />
      <SelectField
        label="Jersey size *"
        errors={fields.jerseySize.errors}
        selectProps={getSelectProps(fields.jerseySize)}
        options={sizeOptions}
        placeholder="Select jersey size"
      />
      <div className="sm:col-span-2">
        <Field
          label="Profile image URL"
          errors={fields.profileImageUrl.errors}
          inputProps={{
            ...text(fields.profileImageUrl as FieldMetadata<string | undefined>, "url"),
            placeholder: "https://…",
          }}
        />
      </div>
    </div>
  );
}

function EmergencyFields({ fields }: { fields: Fields }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Emergency contact name *"
        errors={fields.emergencyContactName.errors}
        inputProps={getInputProps(fields.emergencyContactName, { type: "text" })}
      />
      <Field
        label="Emergency contact phone *"
        errors={fields.emergencyContactPhone.errors}
        inputProps={{ ...getInputProps(fields.emergencyContactPhone, { type: "tel" }), autoComplete: "tel" }}
      />
      <Field
        label="Relationship *"
        errors={fields.emergencyContactRelation.errors}
        inputProps={{
          ...getInputProps(fields.emergencyContactRelation, { type: "text" }),
          placeholder: "e.g. Spouse, Parent",
        }}
      />
    </div>
  );
}

/** One primary button, "Save Profile"; completing is the secondary choice beside it (issue #37). */
function Buttons({ busyIntent }: { busyIntent: string | null }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
      <button
        type="submit"
        name="intent"
        value="complete"
        disabled={busyIntent !== null}
        className={buttonClass({ variant: "secondary", className: "disabled:opacity-60" })}
      >
        {busyIntent === "complete" ? "Completing..." : "Mark Profile as Complete"}
      </button>
      <Button
        type="submit"
        name="intent"
        value="save"
        disabled={busyIntent !== null}
        className="disabled:opacity-60"
      >
        {busyIntent === "save" ? "Saving..." : "Save Profile"}
      </Button>
    </div>
  );
}

function useBusyIntent(): string | null {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "save") : null;
}

/** The simple form: every field on one page. */
export function SimpleProfileForm({ defaultValue }: { defaultValue: ProfileValues }) {
  const { form, fields } = useProfileForm(defaultValue, "profile-simple");
  const busy = useBusyIntent();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      <section aria-labelledby="personal-heading" className="space-y-4">
        <h2 id="personal-heading" className="text-lg font-semibold">
          Personal
        </h2>
        <PersonalFields fields={fields} />
      </section>
      <section aria-labelledby="emergency-heading" className="space-y-4">
        <h2 id="emergency-heading" className="text-lg font-semibold">
          Emergency Contact
        </h2>
        <EmergencyFields fields={fields} />
      </section>
      <Buttons busyIntent={busy} />
    </Form>
  );
}

/**
 * The two-tab wizard. Moving from Personal to Emergency Contact needs the
 * Personal tab's required fields; the check runs in the browser and, without
 * JavaScript, on the server (intent=next).
 */
export function ProfileWizard({ defaultValue }: { defaultValue: ProfileValues }) {
  const { form, fields, actionData } = useProfileForm(defaultValue, "profile-wizard");
  const busy = useBusyIntent();
  const [step, setStep] = useState<number>(actionData?.step ?? 1);
  const [missing, setMissing] = useState<string[] | null>(null);

  // A required name left empty is on the Personal tab: show it there.
  const namesInvalid = Boolean(fields.firstName.errors?.length || fields.lastName.errors?.length);
  useEffect(() => {
    if (namesInvalid) setStep(1);
  }, [namesInvalid]);

  useEffect(() => {
    if (actionData?.step) setStep(actionData.step);
    if (actionData?.intent === "next" && actionData.missing)
      setMissing(Object.keys(actionData.missing).map((f) => FIELD_LABELS[f as ProfileField] ?? f));
  }, [actionData]);

  function goToEmergency(event: React.MouseEvent) {
    const formElement = document.getElementById(form.id) as HTMLFormElement | null;
    if (!formElement) return;
    event.preventDefault();
    const result = parseWithZod(new FormData(formElement), { schema: profileFormFields });
    const values = (result.status === "success" ? result.value : {}) as Record<string, unknown>;
    const invalid = result.status === "success" ? [] : Object.keys(result.error ?? {});
    const absent = PERSONAL_REQUIRED.filter(
      (f) => values[f] === undefined || values[f] === null || invalid.includes(f),
    );
    if (absent.length) {
      PERSONAL_REQUIRED.forEach((name) => form.validate({ name }));
      setMissing(absent.map((f) => FIELD_LABELS[f]));
      return;
    }
    setMissing(null);
    setStep(2);
  }

  const tabs = [
    { n: 1, label: "Personal" },
    { n: 2, label: "Emergency Contact" },
  ];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <div
        role="tablist"
        aria-label="Profile sections"
        className="grid grid-cols-2 rounded-lg bg-gray-100 p-1"
      >
        {tabs.map((t) => (
          <button
            key={t.n}
            type={t.n === 2 ? "submit" : "button"}
            name={t.n === 2 ? "intent" : undefined}
            value={t.n === 2 ? "next" : undefined}
            role="tab"
            aria-selected={step === t.n}
            aria-controls={`profile-tab-${t.n}`}
            onClick={t.n === 2 ? goToEmergency : () => setStep(1)}
            className={`rounded-md px-3 py-2 text-sm font-semibold ${step === t.n ? "bg-white text-gray-900 shadow" : "text-gray-600"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {missing?.length ? (
        <Alert tone="error" title={PROFILE_MSG.requiredFields}>
          Missing: {missing.join(", ")}
        </Alert>
      ) : null}
      <div id="profile-tab-1" role="tabpanel" hidden={step !== 1}>
        <PersonalFields fields={fields} />
        <div className="mt-6 flex justify-end">
          <button
            type="submit"
            name="intent"
            value="next"
            onClick={goToEmergency}
            className={buttonClass({ variant: "secondary" })}
          >
            Next: Emergency Contact
          </button>
        </div>
      </div>
      <div id="profile-tab-2" role="tabpanel" hidden={step !== 2} className="space-y-6">
        <EmergencyFields fields={fields} />
        <div className="flex justify-start">
          <button
            type="button"
            onClick={() => setStep(1)}
            className="text-sm font-medium text-brand hover:underline"
          >
            ← Back to Personal
          </button>
        </div>
      </div>
      <Buttons busyIntent={busy} />
      <input type="hidden" name="step" value={step} />
    </Form>
  );
}

/** Page heading plus the verify-your-email notice for confined members. */
export function ProfileHeader({
  username,
  confined,
  profileCompleted,
}: {
  username: string;
  confined: boolean;
  profileCompleted: boolean;
}) {
  const navigation = useNavigation();
  const resending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Profile settings</h1>
        <p className="mt-1 text-gray-600">
          Signed in as <strong>{username}</strong>.{" "}
          {profileCompleted ? "Your profile is complete." : "Complete your profile to get started."}
        </p>
      </div>
      {confined ? (
        <Alert tone="warning" title="Please verify your email address">
          <p>
            We sent a verification link to your email. Until you verify it, only profile settings are
            available.
          </p>
          <Form method="post" className="mt-2">
            <button
              type="submit"
              name="intent"
              value="resend"
              disabled={resending}
              className="font-semibold text-amber-900 underline disabled:opacity-60"
            >
              {resending ? "Resending..." : "Resend verification email"}
            </button>
          </Form>
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * Linking Google to this account: the member is signed in, so the Google
 * sign-in links to this account (docs/decisions/006-oauth-linking.md).
 */
export function GoogleLinkCard({ linked }: { linked: boolean }) {
  return (
    <Card padding="none" className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <h2 className="font-semibold text-gray-900">Google sign-in</h2>
        <p className="text-sm text-gray-600">
          {linked
            ? "Your Google account is linked: you can sign in with Google."
            : "Link your Google account to sign in with Google as well as your password."}
        </p>
      </div>
      {linked ? null : (
        <a
          href="/api/auth/google"
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
        >
          Link Google account
        </a>
      )}
    </Card>
  );
}
