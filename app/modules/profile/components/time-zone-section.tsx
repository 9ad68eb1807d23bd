import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { SelectField } from "~/ui/form";
import { CLUB_TIME_ZONE } from "~/lib/format";
import { useDates } from "~/lib/time-zone";

/** "America/New York"; India's named as such. */
const zoneLabel = (zone: string) =>
  zone === CLUB_TIME_ZONE ? "Asia/Kolkata (India time)" : zone.replace(/_/g, " ");

/**
 * /profile-settings' Time zone section: the zone the app writes the member's dates and
 * times in, India first; "Automatic" follows the browser, else India time. Posts to
 * /profile-settings/time-zone (works without JavaScript).
 */
export function TimeZoneSection({ timeZone, choices }: { timeZone: string | null; choices: string[] }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/profile-settings/time-zone";
  const { zone } = useDates();
  return (
    <Card as="section" id="time-zone" aria-labelledby="time-zone-heading" padding="sm" className="space-y-4">
      <div>
        <h2 id="time-zone-heading" className="text-lg font-semibold text-gray-900">
          Time zone
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {`Dates and times in the app are shown in this zone. Now: ${zoneLabel(zone)}.`}
        </p>
      </div>
      <Form method="post" action="/profile-settings/time-zone" className="space-y-4">
        <SelectField
          label="Time zone"
          placeholder="Automatic (this browser's zone, else India time)"
          selectProps={{ name: "timeZone", defaultValue: timeZone ?? "" }}
          options={choices.map((z) => ({ value: z, label: zoneLabel(z) }))}
        />
        <Button type="submit" variant="secondary" disabled={saving} className="disabled:opacity-60">
          {saving ? "Saving..." : "Save time zone"}
        </Button>
      </Form>
    </Card>
  );
}
