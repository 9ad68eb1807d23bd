/** The member's notifications (issue #41): newest first, unread marked, one button marks all read. */
import { Form, Link } from "@remix-run/react";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { cardClass } from "~/ui/card";

interface Item {
  id: number;
  title: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export function NotificationsPage({
  items,
  unread,
  nextBefore,
}: {
  items: Item[];
  unread: number;
  nextBefore: number | null;
}) {
  const dates = useDates();
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Notifications</h1>
        {unread > 0 ? (
          <Form method="post">
            <Button type="submit" variant="secondary" size="sm">
              Mark all read
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-gray-600">
        {unread === 0 ? "You are all caught up." : `${unread} unread`} Choose what you get in{" "}
        <Link to="/profile-settings#notifications" className="text-brand underline">
          profile settings
        </Link>
        .
      </p>
      {items.length === 0 ? (
        <p className="mt-6 text-gray-600">No notifications yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((n) => (
            <li key={n.id} className={cardClass({ padding: "sm", className: n.read ? "" : "border-brand" })}>
              <p className="text-gray-900">
                {n.read ? null : <span className="sr-only">Unread: </span>}
                {n.link ? (
                  <Link to={n.link} className={n.read ? "hover:underline" : "font-semibold hover:underline"}>
                    {n.title}
                  </Link>
                ) : (
                  n.title
                )}
              </p>
              <p className="text-xs text-gray-500">{dates.dateTime(n.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
      {nextBefore ? (
        <Link to={`/notifications?before=${nextBefore}`} className="mt-6 inline-block font-medium text-brand">
          Older
        </Link>
      ) : null}
    </main>
  );
}
