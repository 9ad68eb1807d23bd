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
            <strong>Each activity:</strong> its Strava id, name, type and sport type, distance, moving and
            elapsed time, elevation gain, start time (UTC and local) and time zone, whether it was a commute,
            on a trainer or entered manually, average and maximum speed, and its privacy setting on Strava
            (Only You, Followers or Everyone).
          </li>
          <li>
            Not stored from Strava: routes, maps or GPS tracks, heart rate, power, photos, descriptions,
            comments, kudos or your followers.
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
            feedback with its screenshots, your Wari registration and training plan, workout recommendations.
          </li>
          <li>
            One session cookie to keep you signed in (it ends after 7 days without use, 30 days at most) and a
            short-lived cookie for on-screen notices. No advertising or analytics trackers.
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
            <strong>Other members</strong> see, in the challenges you join, your name, your distance toward
            the target, your percentage and your rank, and the activities that count toward that challenge
            (name, date, sport, distance, time and climbing).
          </li>
          <li>
            An activity you keep to yourself or to your followers on Strava, and every activity you upload,
            import or enter by hand, is never shown to anyone else, whatever you choose; it still counts
            toward your numbers. Other members never receive your Strava activity or athlete ids.
          </li>
          <li>
            <strong>Admins</strong> see account and profile details, event registrations and payments, and
            feedback, to run the club. For corrections to challenge progress they see each participant&apos;s
            progress and the matching activities that are public on Strava; never activities you keep private
            on Strava.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="How long data is kept">
        <ul className={list}>
          <li>
            Your account, profile and activity history are kept while your account exists; your Strava
            activities are kept while your account exists, also after a disconnection (see below).
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
          When you revoke the app&apos;s access on Strava (Settings, My Apps), the app confirms it with Strava
          and deletes your Strava tokens; it reads nothing more from Strava for you. Activities it had already
          imported stay in your history. To have them deleted, write to support (below).
        </p>
      </LegalSection>

      <LegalSection id="your-data" title="Getting or deleting your data">
        <p>
          To get a copy of the data the app holds about you (profile, activities, challenge participations,
          event registrations and payments, feedback with its screenshots, your Wari plan), or to have your
          account and personal data deleted, write to support (below). Payment records that accounting law
          requires are kept after a deletion, detached from you: no name, e-mail address or other detail links
          them to you any more.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          For any question about your data, or to exercise your rights by e-mail:{" "}
          <SupportLink email={supportEmail} />. See also the{" "}
          <Link to="/terms" className="font-medium text-brand-700 underline">
            terms of use
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
