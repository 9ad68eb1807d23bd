/**
 * A team challenge's picker in a join form (decision 049): a required select named `teamId`, so the
 * browser asks for a team with or without JavaScript; `error` (the server's answer) is shown under it.
 */
export function TeamPicker({
  id,
  teams,
  error,
}: {
  id: string;
  teams: { id: number; name: string }[];
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Your team
      </label>
      <select
        id={id}
        name="teamId"
        required
        defaultValue=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
      >
        <option value="" disabled>
          Choose a team
        </option>
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
