import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useId } from "react";
import { Button } from "./button";

type Errors = string[] | undefined | null;

export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  // One message once, even when two rules of a schema word it the same ('Please enter a valid URL').
  const list = errors ? [...new Set(errors.filter(Boolean))] : undefined;
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-accent focus:outline-none focus:ring-2 focus:ring-brand-accent/30 aria-[invalid=true]:border-red-500";

/** Label, control and error list wired together (ids, aria-invalid, aria-describedby). */
function useFieldIds(explicitId: string | undefined, errors: Errors) {
  const fallbackId = useId();
  const id = explicitId ?? fallbackId;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return {
    id,
    errorId,
    invalid,
    aria: { "aria-invalid": invalid || undefined, "aria-describedby": invalid ? errorId : undefined },
  };
}

function FieldShell({
  id,
  errorId,
  label,
  errors,
  children,
}: {
  id: string;
  errorId: string;
  label: ReactNode;
  errors?: Errors;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function Field({
  label,
  errors,
  inputProps,
  hint,
}: {
  label: ReactNode;
  errors?: Errors;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  hint?: ReactNode;
}) {
  const { id, errorId, invalid, aria } = useFieldIds(inputProps.id, errors);
  return (
    <FieldShell id={id} errorId={errorId} label={label} errors={errors}>
      <input {...inputProps} id={id} className={inputClass} {...aria} />
      {hint && !invalid ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
    </FieldShell>
  );
}

export function SelectField({
  label,
  errors,
  selectProps,
  options,
  placeholder = "Select…",
}: {
  label: ReactNode;
  errors?: Errors;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  const { id, errorId, aria } = useFieldIds(selectProps.id, errors);
  return (
    <FieldShell id={id} errorId={errorId} label={label} errors={errors}>
      <select {...selectProps} id={id} className={inputClass} {...aria}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function SubmitButton({
  pending,
  pendingText,
  children,
  className = "",
  ...rest
}: { pending: boolean; pendingText: string; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button
      type="submit"
      {...rest}
      disabled={pending}
      aria-busy={pending || undefined}
      className={`inline-flex w-full items-center justify-center disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {pending ? pendingText : children}
    </Button>
  );
}

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-8 text-gray-600">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-gray-300 border-t-brand-accent"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}

export function Alert({
  tone = "info",
  title,
  children,
}: {
  tone?: "info" | "error" | "success" | "warning";
  title?: string;
  children?: ReactNode;
}) {
  const tones = {
    info: "border-blue-200 bg-blue-50 text-blue-900",
    error: "border-red-200 bg-red-50 text-red-900",
    success: "border-green-200 bg-green-50 text-green-900",
    warning: "border-amber-200 bg-amber-50 text-amber-900",
  };
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border p-3 text-sm ${tones[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
    </div>
  );
}
