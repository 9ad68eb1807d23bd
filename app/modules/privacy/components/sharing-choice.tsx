import { useId } from "react";
import { SHARING_CHOICES, choiceOf } from "../schema";

/**
 * The consent question, in plain words: two radios named `sharing`
 * ("progress" or "activities"), preselected from `shareActivities`. A plain
 * form field, so it works without JavaScript.
 */
export function SharingChoice({
  shareActivities,
  legend = "What other participants will see",
  compact = false,
}: {
  shareActivities: boolean;
  legend?: string;
  compact?: boolean;
}) {
  const id = useId();
  const selected = choiceOf(shareActivities);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      {SHARING_CHOICES.map((c) => (
        <div key={c.value} className="flex items-start gap-2">
          <input
            type="radio"
            name="sharing"
            value={c.value}
            id={`${id}-${c.value}`}
            defaultChecked={selected === c.value}
            aria-describedby={compact ? undefined : `${id}-${c.value}-hint`}
            className="mt-1 h-4 w-4 shrink-0 accent-brand"
          />
          <label htmlFor={`${id}-${c.value}`} className="text-sm text-gray-800">
            {c.label}
            {compact ? null : (
              <span id={`${id}-${c.value}-hint`} className="block text-xs text-gray-500">
                {c.hint}
              </span>
            )}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
