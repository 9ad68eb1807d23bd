/**
 * The guide's content, one component per tab. Facts come from the product spec
 * (parts 1 and 2); the achievement bands are read from the same table the
 * dashboard counts with, so the guide cannot drift from the tiles.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ACHIEVEMENT_BANDS, bandRange, type AchievementSport } from "~/modules/activities/achievements";

function PanelIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header>
      <h2 className="text-xl font-bold text-gray-900">{title}</h2>
      <p className="mt-1 text-gray-600">{children}</p>
    </header>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 border-t border-gray-100 pt-5">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      <div className="mt-2 space-y-3 text-gray-700">{children}</div>
    </section>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-brand">{children}</ol>;
}

function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-brand">{children}</ul>;
}

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}

const link = "font-medium text-brand underline hover:text-brand";
const term = "font-semibold text-gray-900";

export function GettingStartedGuide() {
  return (
    <>
      <PanelIntro title="Getting Started">
        Create your account, verify your email and connect Strava. It takes about five minutes.
      </PanelIntro>

      <Section title="1. Create your account">
        <p>
          Open{" "}
          <Link to="/auth?tab=register" className={link}>
            Sign In
          </Link>{" "}
          and choose the <span className={term}>Register</span> tab. You need:
        </p>
        <Bullets>
          <li>
            <span className={term}>Username</span>: 3 to 30 characters; letters, numbers, dots, dashes or
            underscores.
          </li>
          <li>
            <span className={term}>Email</span>: a valid address you can read, because we send your
            verification link there.
          </li>
          <li>
            <span className={term}>Password</span>: at least 8 characters with at least one special character.
            Type it twice; both entries must match. The special characters are:
            <code className="mt-1 block rounded bg-gray-100 px-2 py-1 text-sm tracking-wide text-gray-900">
              ! @ # $ % ^ &amp; * ( ) , . ? &quot; : {"{ }"} | &lt; &gt;
            </code>
          </li>
        </Bullets>
      </Section>

      <Section title="2. Verify your email">
        <p>
          Right after registering we email you a verification link. Open it and your address is confirmed.
          Until then you can only use Profile Settings, where you can also ask for a new link if the first one
          got lost.
        </p>
        <Note title="Email verification is required for full use">
          The dashboard, challenges, recommendations and the Wari pages open once your email is verified.
        </Note>
      </Section>

      <Section title="Prefer not to use a password?">
        <Bullets>
          <li>
            <span className={term}>Sign in with Google</span>: one click with your Google account. Google has
            already confirmed your email, so there is no verification step.
          </li>
          <li>
            <span className={term}>Sign in with Strava</span>: use your Strava account to sign in; your Strava
            connection is set up at the same time. Strava does not share your email address, so a new account
            made this way asks you to enter your email in Profile Settings and verify it.
          </li>
        </Bullets>
        <p>
          Forgot your password? Use <span className={term}>Forgot password?</span> on the sign-in page and we
          email you a reset link.
        </p>
      </Section>

      <Section title="3. Complete your profile">
        <p>
          New members land on Profile Settings. Fill in the <span className={term}>Personal</span> step (name,
          age, gender, T-shirt and jersey size, blood group) and the{" "}
          <span className={term}>Emergency Contact</span> step, then save. Event organisers use these details
          for kits and safety on rides.
        </p>
      </Section>

      <Section title="4. Connect Strava">
        <Steps>
          <li>
            On your dashboard (or at{" "}
            <Link to="/profile/strava" className={link}>
              Profile › Strava
            </Link>
            ) press <span className={term}>Connect with Strava</span>.
          </li>
          <li>
            Strava asks you to allow CycleWari to read your activities and profile. Approve it and you come
            straight back.
          </li>
          <li>
            Your past activities sync in the background; a blue banner shows the progress. New activities
            arrive automatically after you upload them to Strava.
          </li>
        </Steps>
        <p>
          Each Strava account can be linked to only one CycleWari account. If Strava access expires, the
          button reads <span className={term}>Reconnect Strava</span>: press it to carry on syncing.
        </p>
      </Section>
    </>
  );
}

const SPORT_TABS_EXPLAINED: { tab: string; sport: string; note?: string }[] = [
  { tab: "Ride", sport: "Cycling", note: "indoor virtual rides count too" },
  { tab: "Run", sport: "Running" },
  { tab: "Swim", sport: "Swimming" },
  { tab: "Walk", sport: "Walking" },
  { tab: "Hike", sport: "Hiking" },
  {
    tab: "Commute",
    sport: "Rides, runs and walks you marked as commutes in Strava",
    note: "with the CO2, fuel and money you saved",
  },
  { tab: "Other", sport: "Everything else", note: "yoga, strength training, e-bike rides and more" },
];

function BandList({ sport, title }: { sport: AchievementSport; title: string }) {
  return (
    <div className="rounded-lg border border-brand-soft bg-brand-tint p-3">
      <h4 className="text-sm font-semibold text-brand">{title}</h4>
      <ul className="mt-2 space-y-1 text-sm" data-testid={`bands-${sport}`}>
        {ACHIEVEMENT_BANDS[sport].map((band) => (
          <li key={band.key} className="flex justify-between gap-3">
            <span className="font-medium text-gray-900">{band.label}</span>
            <span className="tabular-nums text-gray-600">{bandRange(band)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DashboardGuide() {
  return (
    <>
      <PanelIntro title="Dashboard">
        Your home page once you are signed in: statistics by sport, achievements, your timeline and what to do
        next.
      </PanelIntro>

      <Section title="Tabs per activity type">
        <p>
          Each tab shows the number of activities, total distance (km), moving time (hours) and elevation gain
          for one kind of activity:
        </p>
        <dl className="grid gap-2 sm:grid-cols-2">
          {SPORT_TABS_EXPLAINED.map((item) => (
            <div key={item.tab} className="rounded-lg border border-gray-200 p-3">
              <dt className={term}>{item.tab}</dt>
              <dd className="text-sm text-gray-600">
                {item.sport}
                {item.note ? ` (${item.note})` : null}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Achievement cards">
        <p>
          Achievement cards count your long efforts. An activity counts once, in the highest band it reaches;
          click a card to see exactly those activities.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <BandList sport="Ride" title="Cycling" />
          <BandList sport="Run" title="Running (walking uses the same bands)" />
        </div>
        <p className="text-sm text-gray-600">
          Swims count from 750 m up to 5 km, hikes from 5 km up to 30 km.
        </p>
      </Section>

      <Section title="Activity timeline">
        <Bullets>
          <li>
            Pick a period: 1 month, 3 months (the default), 6 months, 1 year or all time, and narrow it to one
            sport if you like.
          </li>
          <li>
            <span className={term}>Trends</span> charts your totals as a summary, or by distance, time or
            elevation.
          </li>
          <li>
            <span className={term}>Monthly</span> lists a month&apos;s activities; page back and forth with
            the arrows.
          </li>
        </Bullets>
      </Section>

      <Section title="Also on the dashboard">
        <Bullets>
          <li>
            <span className={term}>Recent activities</span>: your latest synced activities, with a link to the
            full, filterable activity list.
          </li>
          <li>
            <span className={term}>Workout recommendations</span>: up to two pending workouts picked for you,
            or a button to generate them.
          </li>
          <li>
            <span className={term}>Strava status</span>: connect, reconnect, and a banner while your
            activities sync.
          </li>
          <li>
            <span className={term}>Share</span> buttons to post your dashboard on social networks.
          </li>
        </Bullets>
      </Section>
    </>
  );
}

const CATEGORIES: { name: string; rule: string }[] = [
  { name: "Beginner", rule: "Below the Intermediate marks: start by building regular rides." },
  {
    name: "Intermediate",
    rule: "200 km or more this year, or a ride longer than 50 km, or active in other sports with over 100 km of cycling.",
  },
  {
    name: "Advanced",
    rule: "500 km or more this year, over 60 km a week on average, a ride longer than 80 km and consistency over 60.",
  },
  {
    name: "Elite",
    rule: "Over 1,000 km this year, over 100 km a week on average, a ride longer than 120 km and consistency over 80.",
  },
];

/** The current Wari edition as the guide tells it (null before the first one is announced). */
export interface GuideEdition {
  name: string;
  navLabel: string;
  dateLabel: string;
  registered: string;
  distanceKm: number;
  /** The ride is over (results mode): the guide speaks of it in the past. */
  past: boolean;
}

export function WariGuide({ edition }: { edition: GuideEdition | null }) {
  const label = edition?.navLabel ?? "Wari";
  return (
    <>
      <PanelIntro title={label}>
        {edition ? (
          <>
            {`${edition.name} ${edition.past ? "was" : "is"} our annual one-day challenge: `}
            <strong className="text-gray-900">
              {`${edition.distanceKm} km in a single day on ${edition.dateLabel}`}
            </strong>
            {". Open "}
          </>
        ) : (
          "The Wari is our annual one-day challenge; its next date is announced on the Wari page. Open "
        )}
        <Link to="/wari" className={link}>
          {label}
        </Link>{" "}
        from the menu to prepare for it.
      </PanelIntro>

      <Section title="Register for the ride">
        <p>
          Press <span className={term}>Register for Event</span>. Once you are in, a green{" "}
          <span className={term}>{edition?.registered ?? "Registered"}</span> badge replaces the button. A
          countdown shows the days, hours, minutes and seconds left until the start, next to the key facts:
          the date, the distance, your category and your training start date.
        </p>
      </Section>

      <Section title="Your readiness score">
        <p>We look at your Strava cycling and show how ready you are:</p>
        <Bullets>
          <li>kilometres ridden this year and your weekly average (aim for 80 to 100 km a week);</li>
          <li>
            your longest ride: below 100 km you will see a “Room for improvement” hint, because 100 km is the
            recommended minimum;
          </li>
          <li>a consistency score out of 100 for how regularly you ride.</li>
        </Bullets>
        <p>Together they give an overall readiness percentage and one of four categories:</p>
        <dl className="grid gap-2 sm:grid-cols-2" data-testid="wari-categories">
          {CATEGORIES.map((c) => (
            <div key={c.name} className="rounded-lg border border-gray-200 p-3">
              <dt className={term}>{c.name}</dt>
              <dd className="text-sm text-gray-600">{c.rule}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="The training plan">
        <p>
          Press <span className={term}>Generate Training Plan</span> and you get a week-by-week plan sized to
          your category. Plans span about 12 to 16 weeks, moving from base building to endurance building and
          a taper before the event.
        </p>
        <Bullets>
          <li>
            Every week has a distance goal and a long-ride goal; the long ride grows by about 10 to 15% a
            week.
          </li>
          <li>Each day lists the workout, its duration and its intensity, from 0 (rest) to 5 (very hard).</li>
          <li>The progress summary shows your current week and the total distance goal.</li>
        </Bullets>
      </Section>

      <Section title="Ticking off workouts">
        <Steps>
          <li>Ride the workout and let it sync from Strava (or upload it).</li>
          <li>
            A ride on the workout&apos;s day marks it done by itself (&ldquo;Ridden&rdquo;), and the week
            counts it in &ldquo;workouts done&rdquo;.
          </li>
          <li>
            Rest days can be ticked at any time; the event day itself cannot be ticked. Untick a workout to
            undo it.
          </li>
        </Steps>
        <p>
          The <span className={term}>Activity Analysis</span> tab breaks down your cycling, and{" "}
          <span className={term}>History</span> lists the Wari editions you rode before.
        </p>
      </Section>
    </>
  );
}

export function OtherFeaturesGuide() {
  return (
    <>
      <PanelIntro title="Other Features">
        Challenges, personal workouts, events, your profile and how to reach us.
      </PanelIntro>

      <Section title="Challenges">
        <p>Join community challenges and compete with other members. They come in several kinds:</p>
        <Bullets>
          <li>
            <span className={term}>Distance</span>: cover a target distance within the challenge dates.
          </li>
          <li>
            <span className={term}>Consistency</span>: stay active regularly over the weeks of the challenge.
          </li>
          <li>
            <span className={term}>Elevation</span>: climb as much as you can.
          </li>
          <li>
            <span className={term}>Special events</span>: one-off themed challenges run by the community.
          </li>
        </Bullets>
        <p>
          Press <span className={term}>Join Challenge</span> on an active challenge (you need a connected
          Strava account). Your matching activities count automatically; a progress bar shows how far you are,
          and the challenge page lists every participant.
        </p>
      </Section>

      <Section title="Workout recommendations">
        <p>
          On{" "}
          <Link to="/recommendations" className={link}>
            Recommendations
          </Link>{" "}
          generate workouts for running, cycling or swimming. Choose a difficulty (easy, moderate or hard) and
          what to improve (general fitness, distance, speed or elevation). Suggestions are based on your
          recent activities and your fitness profile.
        </p>
        <p>
          Press <span className={term}>Mark as Complete</span> when you have done a workout, or{" "}
          <span className={term}>Skip</span> it; it then moves to the Completed or Skipped tab.
        </p>
      </Section>

      <Section title="Events">
        <p>
          Browse upcoming community events, register and pay the registration fee (in rupees) securely by
          card.
        </p>
      </Section>

      <Section title="Profile settings">
        <Bullets>
          <li>Update your personal details, sizes, blood group and emergency contact at any time.</li>
          <li>
            Press <span className={term}>Mark Profile as Complete</span> once everything is filled in.
          </li>
          <li>Resend your verification email if you have not verified your address yet.</li>
        </Bullets>
      </Section>

      <Section title="Feedback">
        <p>
          Report a bug, request a feature or share praise from the Feedback page, and follow the status and
          our reply in your feedback history.
        </p>
      </Section>
    </>
  );
}
