/** /profile-settings' Notifications section (issue #41): a box per kind and channel, quiet hours in IST. */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { NotificationPreferences } from "../notifications.server";

const CHANNEL_LABELS: Record<string, string> = {
  in_app: "In the app",
  email: "By e-mail",
  push: "On my devices",
};

type PushState = "checking" | "on" | "off" | "blocked" | "unsupported" | "working";

const PUSH_STATUS: Record<PushState, string> = {
  checking: "",
  on: "Notifications are on for this device.",
  off: "Notifications are off for this device.",
  blocked: "This browser blocks notifications from this site: allow them in the browser's site settings.",
  unsupported: "This browser cannot show notifications from a website.",
  working: "One moment...",
};

/** The service worker's registration once it is active (registering it if the page has not yet). */
async function serviceWorker() {
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

/**
 * "Turn on notifications on this device" (decision 053): subscribes this browser with the
 * VAPID public key and gives the subscription to the server; "Turn off" takes it back.
 * Rendered the same on the server and in the first client render; the state comes after.
 */
function PushToggle({ pushKey }: { pushKey: string }) {
  const [state, setState] = useState<PushState>("checking");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("blocked");
      return;
    }
    // The registration as it is (never waiting for the worker to activate): none yet means off.
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then((sub) => setState(sub ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  async function turnOn() {
    setState("working");
    setError(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState(Notification.permission === "denied" ? "blocked" : "off");
        return;
      }
      const reg = await serviceWorker();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: pushKey }));
      const res = await fetch("/api/push/subscriptions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(sub.toJSON()),
      });
      if (!res.ok) throw new Error(((await res.json()) as { message?: string }).message ?? res.statusText);
      setState("on");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("off");
    }
  }

  async function turnOff() {
    setState("working");
    setError(null);
    try {
      const sub = await (await serviceWorker()).pushManager.getSubscription();
      if (sub) {
        await fetch("/api/push/subscriptions", {
          method: "DELETE",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: sub.endpoint }),
        });
        await sub.unsubscribe();
      }
      setState("off");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState("on");
    }
  }

  const canToggle = state === "on" || state === "off" || state === "working";
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="push-toggle" data-state={state}>
      {canToggle ? (
        <Button
          type="button"
          variant="secondary"
          disabled={state === "working"}
          onClick={() => void (state === "on" ? turnOff() : turnOn())}
          className="disabled:opacity-60"
        >
          {state === "on" ? "Turn off notifications on this device" : "Turn on notifications on this device"}
        </Button>
      ) : null}
      <p role="status" className="text-sm text-gray-700">
        {error ?? PUSH_STATUS[state]}
      </p>
    </div>
  );
}

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
      {preferences.pushKey ? <PushToggle pushKey={preferences.pushKey} /> : null}
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
            Quiet hours (IST): e-mails and device notifications wait until they end
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
