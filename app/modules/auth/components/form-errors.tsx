import { Alert } from "~/ui/form";

/** A form's own error (not a field's), as conform returns it: the first one, as an alert. */
export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <Alert tone="error">{errors[0]}</Alert>;
}
