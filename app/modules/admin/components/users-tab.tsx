/** Users tab: search, pages of 10, the three flags as switches, create and delete dialogs. */
import { formatInt, plural } from "~/lib/format";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PublicUser } from "~/modules/auth/auth.server";
import { Pagination } from "~/ui/pagination";
import { ErrorList } from "~/ui/form";
import type { UserListQuery } from "../schema";
import {
  btnDanger,
  btnPrimary,
  btnSecondary,
  FetcherMark,
  inputClass,
  LoadFailed,
  Modal,
  useAdminFetcher,
} from "./shared";

export interface UsersTabData {
  query: UserListQuery;
  list: { users: PublicUser[]; total: number; page: number; totalPages: number } | null;
}

const FLAG_LABELS = { isAdmin: "Admin", isVerified: "Verified", isActive: "Active" } as const;
type Flag = keyof typeof FLAG_LABELS;

/** One flag as a switch. Optimistic: it shows the new value at once and falls back if the server refuses. */
function FlagSwitch({ user, flag, self }: { user: PublicUser; flag: Flag; self: boolean }) {
  const fetcher = useAdminFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const value = pending ?? user[flag];
  // Spec: an admin cannot remove their own admin right or deactivate their own account.
  const locked = self && flag !== "isVerified";
  return (
    <fetcher.Form method="post" className="inline-flex">
      <FetcherMark />
      <input type="hidden" name="intent" value="user-flag" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="flag" value={flag} />
      <input type="hidden" name="value" value={String(!value)} />
      <button
        type="submit"
        role="switch"
        aria-checked={value}
        aria-label={`${FLAG_LABELS[flag]}: ${user.username}`}
        disabled={locked || fetcher.state !== "idle"}
        title={locked ? "You cannot change this for your own account" : undefined}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent disabled:cursor-not-allowed disabled:opacity-50 ${value ? "bg-brand" : "bg-gray-300"}`}
      >
        <span
          className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${value ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </button>
    </fetcher.Form>
  );
}

function DeleteUser({ user, self }: { user: PublicUser; self: boolean }) {
  const [open, setOpen] = useState(false);
  // A refusal is explained in the dialog (message and counts), not again in a toast.
  const fetcher = useAdminFetcher(undefined, { inlineFailures: true });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused = result && !result.ok ? result : undefined;
  useEffect(() => {
    if (result?.ok) setOpen(false);
  }, [result]);
  return (
    <>
      <button
        type="button"
        className={`${btnSecondary} text-red-700`}
        disabled={self}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${user.username}`}
      >
        Delete
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Delete ${user.username}?`}>
        {refused ? (
          <div
            role="alert"
            className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">Failed to Delete User</p>
            <p>{refused.message}</p>
            {refused.summary ? (
              <ul className="list-inside list-disc">
                <li>{plural(refused.summary.activities, "activity", "activities")}</li>
                <li>{plural(refused.summary.challenges, "challenge participation")}</li>
                <li>{plural(refused.summary.events, "event registration")}</li>
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-gray-700">
            This removes the account for good. Users with activities, challenges or event registrations cannot
            be deleted; deactivate them instead.
          </p>
        )}
        <fetcher.Form method="post" className="mt-5 flex justify-end gap-2">
          <FetcherMark />
          <input type="hidden" name="intent" value="delete-user" />
          <input type="hidden" name="userId" value={user.id} />
          <button type="button" className={btnSecondary} onClick={() => setOpen(false)}>
            {refused ? "Close" : "Cancel"}
          </button>
          {refused ? null : (
            <button type="submit" className={btnDanger} disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Deleting..." : "Delete"}
            </button>
          )}
        </fetcher.Form>
      </Modal>
    </>
  );
}

export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // The toast says the refusal ('Missing Fields' / 'Please fill in all required fields.');
  // a field repeats only what the toast does not already say, so nothing is read twice.
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors;
  const fieldErrors = (name: string) => errors?.[name]?.filter((message) => message !== failed?.message);
  useEffect(() => {
    if (result?.ok) setOpen(false);
  }, [result]);
  const field = (
    name: "username" | "email" | "password",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={`new-${name}`} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={`new-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className={inputClass}
        aria-invalid={errors?.[name] ? true : undefined}
      />
      <ErrorList errors={fieldErrors(name)} />
    </div>
  );
  return (
    <>
      <button type="button" className={btnPrimary} onClick={() => setOpen(true)}>
        Create User
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Create User">
        <fetcher.Form method="post" className="space-y-4" key={result?.ok ? "reset" : "form"}>
          <FetcherMark />
          <input type="hidden" name="intent" value="create-user" />
          {field("username", "Username", "text", "off")}
          {field("email", "Email", "email", "off")}
          {field("password", "Password", "password", "new-password")}
          <div className="flex gap-6">
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" name="isAdmin" className="h-4 w-4 rounded border-gray-300 text-brand" />{" "}
              Admin
            </label>
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                name="isVerified"
                defaultChecked
                className="h-4 w-4 rounded border-gray-300 text-brand"
              />{" "}
              Email verified
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={btnSecondary} onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className={btnPrimary} disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Creating..." : "Create User"}
            </button>
          </div>
        </fetcher.Form>
      </Modal>
    </>
  );
}

export function UsersTab({ data, adminId }: { data: UsersTabData; adminId: number }) {
  const { query, list } = data;
  const hrefFor = (page: number) =>
    `/admin?tab=users${query.search ? `&q=${encodeURIComponent(query.search)}` : ""}${page > 1 ? `&page=${page}` : ""}`;
  return (
    <section aria-label="Users" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" action="/admin" role="search" className="flex w-full max-w-md gap-2">
          <input type="hidden" name="tab" value="users" />
          <label htmlFor="user-search" className="sr-only">
            Search by username or email
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={query.search}
            placeholder="Search by username or email"
            className={`${inputClass} mt-0`}
          />
          <button type="submit" className={btnSecondary}>
            Search
          </button>
        </Form>
        <CreateUserDialog />
      </div>
      {list === null ? (
        <LoadFailed what="users" tab="users" />
      ) : list.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
          No users found
        </p>
      ) : (
        <>
          <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="px-3 py-2 text-left text-sm text-gray-600">
                {plural(list.total, "user")} · page {list.page} of {formatInt(list.totalPages)}
              </caption>
              <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    User
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Strava
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Admin
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Verified
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Active
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.users.map((u) => (
                  <tr key={u.id}>
                    <td className="px-3 py-2">
                      <Link to={`/admin/users/${u.id}`} className="font-medium text-brand hover:underline">
                        {u.username}
                      </Link>
                      <div className="text-xs text-gray-600">{u.email}</div>
                    </td>
                    <td className="px-3 py-2 text-gray-700">{u.stravaId ? "Connected" : "—"}</td>
                    {(["isAdmin", "isVerified", "isActive"] as const).map((flag) => (
                      <td key={flag} className="px-3 py-2">
                        <FlagSwitch user={u} flag={flag} self={u.id === adminId} />
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right">
                      <DeleteUser user={u} self={u.id === adminId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={list.page} pages={list.totalPages} hrefFor={hrefFor} label="User pages" />
        </>
      )}
    </section>
  );
}
