import { Link } from "@remix-run/react";
import type { ScopeReason } from "../strava-scopes";
import { LegalPage, LegalSection, list, SupportLink } from "./legal-page";

export interface PrivacyData {
  supportEmail: string;
  stravaScopes: ScopeReason[];
}

const code = "rounded bg-gray-100 px-1 py-0.5 font-mono text-sm";

/** /privacy: what the app collects (from Strava and from you), who sees it, how long it stays and how to remove it. */
export function PrivacyPage({ supportEmail, stravaScopes }: PrivacyData) {
  return (
    <LegalPage
      title="Privacy"
      intro={
        <p>
          How CycleWari Community handles your data: what it reads from Strava and why, what it stores, who
          sees it, how long it is kept and how you take it with you or remove it. Questions:{" "}
          <SupportLink email={supportEmail} />.
        </p>
      }
    >
      <LegalSection id="strava" title="What the app asks Strava for, and why">
        <p>
          Connecting Strava (or signing in with it) asks Strava for these permissions, and no others. The app
          only reads from Strava; it never writes to your Strava account.
        </p>
        <ul className={list} data-testid="strava-scopes">
          {stravaScopes.map(({ scope, reason }) => (
            <li key={scope}>
              <span className={code}>{scope}</span>
              {reason ? `: ${reason}` : null}
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="stored" title="What is stored">
        <p>From Strava, for each connected member:</p>
        <ul className={list}>
          <li>
            <strong>The connection:</strong> your Strava athlete id, the access and refresh tokens
            (encrypted), when the access token expires, the permissions you granted, and the state of your
            syncs.
          </li>
          <li>
            <strong>Your Strava profile photo:</strong> its address, refreshed each time you connect or sign
            in with Strava and deleted when Strava is disconnected. You see it in the app; other members
            (admins included) see it only if you tick &ldquo;Show my Strava profile photo to other
            members&rdquo; under Sharing in your profile settings.
          </li>
          <li>
            <strong>Each activity:</strong> its Strava id, name, type and sport type, distance, moving and
            elapsed time, elevation gain, start time (UTC and local) and time zone, whether it was a commute,
            on a trainer or entered manually, average and maximum speed, and its privacy setting on Strava
            (Only You, Followers or Everyone).
          </li>
          <li>
            Not stored from Strava: routes, maps or GPS tracks, heart rate, power, activity photos,
            descriptions, comments, kudos or your followers.
          </li>
        </ul>
        <p>From you:</p>
        <ul className={list}>
          <li>
            <strong>Files you upload</strong> (FIT, GPX or TCX, or your Strava archive&apos;s activities.csv
            or ZIP): the original file is kept as you sent it, with any GPS track and heart rate inside it,
            until you delete the upload; from it the app stores each activity&apos;s summary as above plus its
            average and maximum heart rate. Activities you enter by hand store what you typed.
          </li>
          <li>
            Your account (username, e-mail address, a salted and peppered password hash, linked Google or
            Strava sign-in) and the profile you fill in (name, gender, age, T-shirt and jersey sizes, blood
            group, emergency contact).
          </li>
          <li>
            What you do here: challenge participations and progress, event registrations and payments (order
            and payment ids, amount and status from Razorpay; card and bank details stay with Razorpay),
            refunds, your place on an event&apos;s waitlist, your check-in time and a record of each change to
            your registration (who made it and when), feedback with its screenshots, your Wari registration
            and training plan, the daily training load computed from your activities for the Wari fitness
            chart, workout recommendations.
          </li>
          <li>
            One session cookie to keep you signed in (it ends after 7 days without use, 30 days at most) and a
            short-lived cookie for on-screen notices. No advertising or analytics trackers.
          </li>
          <li>
            In your browser only: the app&apos;s files and a copy of your last dashboard, so it opens while
            you are offline (marked as offline). The copy is deleted when you sign out or someone else signs
            in on that browser, and is never shown to another member.
          </li>
        </ul>
        <p>
          Your data is not sold, not used for advertising, not shared with anyone outside the app and not used
          to train artificial-intelligence models.
        </p>
      </LegalSection>

      <LegalSection id="who-sees-what" title="Who sees what">
        <ul className={list}>
          <li>
            <strong>You</strong> see all of your own data: every synced activity (with a link to it on
            Strava), your statistics, progress, registrations, payments and feedback.
          </li>
          <li>
            <strong>Other members</strong> see, in the challenges you join, what you chose when joining:
            <ul className={list}>
              <li>
                &ldquo;My name and challenge progress&rdquo; (the default): your name, your distance toward
                the target, your percentage and your rank. No activity of yours is shown.
              </li>
              <li>
                &ldquo;Also my matching activities&rdquo;: in addition, the activities that count toward that
                challenge (name, date, sport, distance, time and climbing), to the other participants.
              </li>
            </ul>
            You can change this at any time on each challenge&apos;s page, and your default for new challenges
            under Sharing in your profile settings. A change applies at once. Members who joined before this
            choice existed share their progress only until they choose otherwise.
          </li>
          <li>
            An activity you keep to yourself or to your followers on Strava, and every activity you upload,
            import or enter by hand, is never shown to anyone else, whatever you choose; it still counts
            toward your numbers. Other members never receive your Strava activity or athlete ids.
          </li>
          <li>
            <strong>Admins</strong> see account and profile details, event registrations and payments, and
            feedback, to run the club. For corrections to challenge progress they see each participant&apos;s
            progress and the matching activities that are public on Strava, whatever you chose above; never
            activities you keep private on Strava.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="How long data is kept">
        <ul className={list}>
          <li>
            Your account, profile and activity history are kept while your account exists; your Strava
            activities while Strava stays connected, and after a disconnection only if you agreed to keep them
            (see below).
          </li>
          <li>
            Sessions end after 7 days without use and 30 days at most. E-mail verification and password-reset
            links expire and are removed daily, as are sign-in and registration rate-limit counters after a
            day.
          </li>
          <li>
            Payment records are kept as long as accounting law requires, even after you delete your account.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="disconnect" title="Disconnecting Strava">
        <p>
          &ldquo;Disconnect Strava&rdquo; (on your{" "}
          <Link to="/profile/strava" className="font-medium text-brand underline">
            Strava page
          </Link>{" "}
          and in profile settings) first asks Strava to revoke the app&apos;s access, then deletes your Strava
          tokens and every activity the app imported from Strava; your challenge progress and dashboard
          statistics are recalculated at the same moment from what remains. If Strava cannot be reached, the
          app still disconnects you and asks you to revoke it yourself in Strava&apos;s settings (My Apps).
          Revoking the app on Strava&apos;s side has the same effect once Strava confirms it to the app.
        </p>
        <p>
          The one exception is your own agreement: when you connect, you may tick &ldquo;Keep my imported
          activities if I disconnect Strava&rdquo;. The app records the date you agreed; only then do your
          imported activities stay in your history after a disconnection. Your Strava page shows the agreement
          and lets you withdraw it at any time; withdrawn after a disconnection, it deletes the activities it
          kept.
        </p>
      </LegalSection>

      <LegalSection id="your-data" title="Getting or deleting your data">
        <p>
          <strong>Download:</strong> in{" "}
          <Link to="/profile-settings" className="font-medium text-brand underline">
            profile settings
          </Link>
          , <em>Download my data</em> gives you one ZIP file with everything the app holds about you: your
          profile, Strava connection details (never its tokens), activities, challenge participations, event
          registrations and payments, feedback with its screenshots, your Wari registration, plan and
          progress, recommendations, fitness profile and event history. It holds{" "}
          <span className={code}>data.json</span> and a CSV file per table. It never holds your password (only
          a hash of it is stored, and that stays out too) or other members&apos; data.
        </p>
        <p>
          <strong>Delete:</strong> <em>Delete my account</em>, in the same place, asks for your password (or,
          for accounts that sign in with Google or Strava only, a sign-in within the last 10 minutes). It then
          revokes the app&apos;s access to your Strava account, deletes your screenshots and every personal
          record (profile, activities, participations, registrations, feedback, Wari plan, recommendations,
          fitness profile, sign-in links) and signs you out on every device. It cannot be undone.
        </p>
        <p>
          <strong>What is kept:</strong> payment records for accounting, without your name: the amount, date,
          the payment&apos;s Razorpay ids and the event it paid for. Accounting law requires them; nothing
          links them to you any more. The only admin of the club cannot delete their account until another
          member is made an admin. You can also write to support (below) for either.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          For any question about your data, or to exercise your rights by e-mail:{" "}
          <SupportLink email={supportEmail} />. See also the{" "}
          <Link to="/terms" className="font-medium text-brand underline">
            terms of use
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
