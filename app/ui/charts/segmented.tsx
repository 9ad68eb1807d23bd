/**
 * A chart's view choice as segmented toggle buttons (a chart's range, a
 * report's scale): a labelled group of buttons, the chosen one pressed
 * (`aria-pressed`), reached with Tab and chosen with Enter or Space. Small
 * enough for 375 px: four short labels fit on one line.
 */
const base =
  "whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent sm:px-2.5 sm:text-sm";
const on = `${base} bg-brand text-white`;
const off = `${base} text-gray-700 hover:bg-gray-100`;

export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  /** The group's name for screen readers ("Chart range"). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      className="inline-flex max-w-full rounded-lg border border-gray-200 p-0.5"
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={o.value === value ? on : off}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
