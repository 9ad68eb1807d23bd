import { Link } from "@remix-run/react";
import { LegalPage, LegalSection, list, SupportLink } from "./legal-page";

/** /terms: the rules of using the app, in plain words. */
export function TermsPage({ supportEmail }: { supportEmail: string }) {
  return (
    <LegalPage
      title="Terms of use"
      intro={
        <p>
          The rules for using CycleWari Community, the club&apos;s app for activities, challenges, events and
          the Wari ride. Questions: <SupportLink email={supportEmail} />.
        </p>
      }
    >
      <LegalSection id="account" title="Your account">
        <ul className={list}>
          <li>
            One account per person. Keep your password to yourself; you are responsible for your account.
          </li>
          <li>Give a real e-mail address: it is used to verify your account and to reset your password.</li>
          <li>
            Admins may correct, deactivate or remove accounts that break these terms or the club&apos;s rules.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="strava" title="Strava">
        <ul className={list}>
          <li>
            Connecting Strava is optional, but challenges and activity statistics need it. Your use of Strava
            is governed by Strava&apos;s own terms and privacy policy.
          </li>
          <li>
            The app reads your activities with the permissions you grant and handles them as the{" "}
            <Link to="/privacy" className="font-medium text-brand underline">
              privacy policy
            </Link>{" "}
            describes. You can revoke the app&apos;s access on Strava at any time.
          </li>
          <li>
            Strava, the Strava logo and &quot;Powered by Strava&quot; are trademarks of Strava, Inc. This app
            is not made or endorsed by Strava.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="challenges" title="Challenges and fair play">
        <ul className={list}>
          <li>
            Log only activities you really did. Admins may correct challenge progress, and every correction is
            recorded.
          </li>
          <li>
            Other participants see what you chose to share when you joined a challenge (your progress, and
            your matching activities only if you agreed).
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="events" title="Events and payments">
        <ul className={list}>
          <li>
            Event fees are paid in Indian rupees through Razorpay; an unpaid registration holds a place only
            for a limited time.
          </li>
          <li>
            Payment records are kept as accounting law requires. Questions about a payment go to{" "}
            <SupportLink email={supportEmail} />.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="training" title="Training and safety">
        <p>
          Workout recommendations and the Wari training plan are general guidance, not medical advice. Train
          within your limits, follow traffic rules and safety instructions at events, and see a doctor before
          starting hard training.
        </p>
      </LegalSection>

      <LegalSection id="content" title="What you send us">
        <p>
          Keep feedback and screenshots respectful and free of other people&apos;s personal data. Admins read
          them to answer you and to improve the app.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes and contact">
        <p>
          When these terms or the privacy policy change, the new text is published on these pages. For any
          question: <SupportLink email={supportEmail} />.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
