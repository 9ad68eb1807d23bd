/** /profile-settings' Notifications section (issue #41): a box per kind and channel, quiet hours in IST. */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { NotificationPreferences } from "../notifications.server";

const CHANNEL_LABELS: Record<string, string> = { in_app: "In the app", email: "By e-mail" };

export function NotificationSettingsSection({ preferences }: { preferences: NotificationPreferences }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formAction === "/profile-settings/notifications";
  return (
    <Card
      as="section"
      id="notifications"
      aria-labelledby="notifications-heading"
      padding="sm"
      className="space-y-4"
    >
      <div>
        <h2 id="notifications-heading" className="text-lg font-semibold text-gray-900">
          Notifications
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          What reaches you, and how. Every e-mail has a link to stop that kind of e-mail.
        </p>
      </div>
      <Form method="post" action="/profile-settings/notifications" className="space-y-4">
        {preferences.kinds.map((k) => (
          <fieldset key={k.kind} className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <legend className="mb-1 text-sm font-medium text-gray-900">{k.label}</legend>
            {k.channels.map((c) => (
              <label key={c.channel} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  name={`${k.kind}.${c.channel}`}
                  defaultChecked={c.enabled}
                  className="h-4 w-4 accent-brand"
                />
                {CHANNEL_LABELS[c.channel]}
              </label>
            ))}
          </fieldset>
        ))}
        <fieldset className="flex flex-wrap items-end gap-4">
          <legend className="mb-1 text-sm font-medium text-gray-900">
            Quiet hours (IST): e-mails wait until they end
          </legend>
          <label className="text-sm text-gray-800">
            From
            <input
              type="time"
              name="quietStart"
              defaultValue={preferences.quietStart ?? ""}
              className="ml-2 rounded-md border border-gray-300 p-1"
            />
          </label>
          <label className="text-sm text-gray-800">
            Until
            <input
              type="time"
              name="quietEnd"
              defaultValue={preferences.quietEnd ?? ""}
              className="ml-2 rounded-md border border-gray-300 p-1"
            />
          </label>
        </fieldset>
        <Button type="submit" disabled={saving} className="disabled:opacity-60">
          {saving ? "Saving..." : "Save notifications"}
        </Button>
      </Form>
    </Card>
  );
}
