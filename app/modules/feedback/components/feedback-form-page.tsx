import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Alert, ErrorList, Field, SelectField } from "~/ui/form";
import { useToast } from "~/ui/toast";
import {
  BANNER_MS,
  FEEDBACK_MSG,
  FEEDBACK_TOASTS,
  FEEDBACK_TYPES,
  feedbackSchema,
  MESSAGE_MAX,
  SCREENSHOT_MAX_BYTES,
  TYPE_LABELS,
} from "../schema";
import { SCREENSHOT_ACCEPT } from "../screenshot";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";

export interface FeedbackFormData {
  submitted: boolean;
  supportEmail: string;
}

export interface FeedbackActionData {
  message: string;
  result?: SubmissionResult<string[]>;
}

const TYPE_OPTIONS = FEEDBACK_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));
const SCREENSHOT_MESSAGES: string[] = [FEEDBACK_MSG.screenshotSize, FEEDBACK_MSG.screenshotType];

const FAQ = [
  {
    q: "What happens after I send feedback?",
    a: "It reaches the admin team straight away with the status Pending. When someone picks it up the status changes to In Progress, and to Resolved or Closed once it is handled. You can follow it under Feedback History.",
  },
  {
    q: "Will I get an answer?",
    a: "Admins can write a response to any feedback. It appears on that feedback's page in your history, together with the time it was last updated.",
  },
  {
    q: "Should I attach a screenshot?",
    a: "For a bug, yes: a screenshot of what you see helps us reproduce it. PNG, JPEG, GIF and WebP images up to 5 MB are accepted. Only you and the admins can see it.",
  },
  {
    q: "My activities are missing. Is that a bug?",
    a: "Check Profile Settings → Strava first: a sync may still be running, or the connection may need to be renewed. If activities are still missing after a completed sync, send a bug report.",
  },
];

function checkScreenshot(file: File | undefined): string | null {
  if (!file) return null;
  if (!SCREENSHOT_ACCEPT.split(",").includes(file.type)) return FEEDBACK_MSG.screenshotType;
  if (file.size > SCREENSHOT_MAX_BYTES) return FEEDBACK_MSG.screenshotSize;
  return null;
}

function ScreenshotField({ serverError }: { serverError: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  useEffect(() => {
    // The form's Reset button clears the file input: drop the preview with it.
    const form = input.current?.form;
    const onReset = () => {
      setPreview(null);
      setError(null);
    };
    form?.addEventListener("reset", onReset);
    return () => form?.removeEventListener("reset", onReset);
  }, []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const problem = checkScreenshot(file);
    setError(problem);
    if (problem || !file) {
      event.target.value = "";
      setPreview(null);
      return;
    }
    setPreview({ url: URL.createObjectURL(file), name: file.name });
  };

  const remove = () => {
    if (input.current) input.current.value = "";
    setPreview(null);
    setError(null);
    input.current?.focus();
  };

  const shown = error ?? serverError;
  return (
    <div>
      <label htmlFor="feedback-screenshot" className="block text-sm font-medium text-gray-800">
        Screenshot <span className="font-normal text-gray-500">(optional)</span>
      </label>
      <input
        ref={input}
        id="feedback-screenshot"
        name="screenshot"
        type="file"
        accept={SCREENSHOT_ACCEPT}
        onChange={onChange}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? "feedback-screenshot-error" : "feedback-screenshot-hint"}
        className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-tint file:px-3 file:py-2 file:font-medium file:text-brand hover:file:bg-brand-soft"
      />
      {shown ? null : (
        <p id="feedback-screenshot-hint" className="mt-1 text-xs text-gray-500">
          PNG, JPEG, GIF or WebP, up to 5 MB.
        </p>
      )}
      <ErrorList id="feedback-screenshot-error" errors={shown ? [shown] : null} />
      {preview ? (
        <figure className="mt-3 inline-block rounded-md border border-gray-200 p-2">
          <img
            src={preview.url}
            alt="Preview of the screenshot to send"
            className="max-h-48 max-w-full rounded"
          />
          <figcaption className="mt-2 flex items-center justify-between gap-3 text-xs text-gray-600">
            <span className="truncate">{preview.name}</span>
            <button
              type="button"
              onClick={remove}
              className="rounded-md border border-gray-300 px-2 py-1 font-medium text-gray-700 hover:bg-gray-50"
            >
              Remove
            </button>
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}

function ReceivedBanner({ show }: { show: boolean }) {
  const [visible, setVisible] = useState(show);
  const [, setSearchParams] = useSearchParams();
  useEffect(() => setVisible(show), [show]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => {
      setVisible(false);
      setSearchParams({}, { replace: true, preventScrollReset: true });
    }, BANNER_MS);
    return () => clearTimeout(timer);
  }, [visible, setSearchParams]);
  if (!visible) return null;
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-semibold">Feedback Received!</p>
      <p className="mt-1 text-sm">
        Thank you for helping us improve. You can follow its status in your feedback history.
      </p>
    </div>
  );
}

export function FeedbackFormPage({
  data,
  actionData,
}: {
  data: FeedbackFormData;
  actionData: FeedbackActionData | undefined;
}) {
  const navigation = useNavigation();
  const toast = useToast();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/feedback") === true;
  const [form, fields] = useForm({
    // A stable id: `location.key` is "default" on the server and random in the
    // browser, so an id built from it no longer matched the form after hydration.
    id: "feedback-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(feedbackSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feedbackSchema }),
  });

  useEffect(() => {
    if (actionData?.message)
      toast({ ...FEEDBACK_TOASTS.submitFailed, description: actionData.message, variant: "destructive" });
  }, [actionData, toast]);

  // Spec: a field's error clears when that field is edited (and is checked again at the next submit).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [actionData]);
  const errorsOf = (field: { name: string; errors?: string[] }) =>
    edited.has(field.name) ? undefined : field.errors;

  const serverScreenshotError =
    actionData && SCREENSHOT_MESSAGES.includes(actionData.message) ? actionData.message : null;
  const otherServerError =
    actionData && !serverScreenshotError && !actionData.result?.error ? actionData.message : null;
  const messageLength = String(fields.message.value ?? "").length;

  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Send Feedback</h1>
        <Button to="/feedback/history" variant="secondary" size="sm">
          View Feedback History
        </Button>
      </div>
      <p className="mt-2 text-gray-600">
        Found a bug, missing a feature, or enjoying a part of the app? Tell us: every message is read by the
        team.
      </p>

      <div className="mt-6 space-y-4">
        <ReceivedBanner show={data.submitted} />
        {otherServerError ? (
          <Alert tone="error" title="Submission Failed">
            {otherServerError}
          </Alert>
        ) : null}
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name;
          if (name && !edited.has(name)) setEdited(new Set([...edited, name]));
        }}
        onSubmit={(event) => {
          setEdited(new Set());
          getFormProps(form).onSubmit(event);
        }}
        className={cardClass({ padding: "sm", className: "mt-6 space-y-5" })}
      >
        <SelectField
          label="Feedback type"
          errors={errorsOf(fields.feedbackType)}
          selectProps={getSelectProps(fields.feedbackType)}
          options={TYPE_OPTIONS}
          placeholder="Select a type"
        />
        <Field
          label="Subject"
          errors={errorsOf(fields.subject)}
          inputProps={{ ...getInputProps(fields.subject, { type: "text" }), placeholder: "A short summary" }}
        />
        <div>
          <label htmlFor={fields.message.id} className="block text-sm font-medium text-gray-800">
            Details
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={6}
            placeholder="What happened, what you expected, or what you would like to see"
            className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30 aria-[invalid=true]:border-red-500"
            aria-invalid={errorsOf(fields.message)?.length ? true : undefined}
            aria-describedby={
              errorsOf(fields.message)?.length ? `${fields.message.id}-error` : `${fields.message.id}-count`
            }
          />
          <p id={`${fields.message.id}-count`} className="mt-1 text-right text-xs text-gray-500">
            {messageLength}/{MESSAGE_MAX}
          </p>
          <ErrorList id={`${fields.message.id}-error`} errors={errorsOf(fields.message)} />
        </div>
        <ScreenshotField serverError={serverScreenshotError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="reset" variant="secondary" size="none" className="px-4 py-2 font-medium">
            Reset
          </Button>
          <Button
            type="submit"
            disabled={submitting}
            aria-busy={submitting || undefined}
            className="disabled:cursor-wait disabled:opacity-70"
          >
            {submitting ? "Submitting..." : "Submit"}
          </Button>
        </div>
      </Form>

      <section aria-labelledby="faq-title" className="mt-10">
        <h2 id="faq-title" className="text-lg font-semibold text-gray-900">
          Frequently asked questions
        </h2>
        <div className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {FAQ.map((item) => (
            <details key={item.q} className="group p-4">
              <summary className="cursor-pointer list-none font-medium text-gray-900 marker:hidden">
                <span
                  className="mr-2 inline-block transition-transform group-open:rotate-90"
                  aria-hidden="true"
                >
                  ›
                </span>
                {item.q}
              </summary>
              <p className="mt-2 text-sm text-gray-700">{item.a}</p>
            </details>
          ))}
        </div>
        <p className="mt-4 text-sm text-gray-600">
          Something urgent? Write to{" "}
          <a href={`mailto:${data.supportEmail}`} className="font-medium text-brand hover:underline">
            {data.supportEmail}
          </a>
          .
        </p>
      </section>
    </main>
  );
}
