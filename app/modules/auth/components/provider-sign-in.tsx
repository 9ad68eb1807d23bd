import { StravaLogo, stravaButtonClass } from "~/ui/strava-brand";

/** "Or continue with": the Google and Strava sign-in buttons (plain links to the OAuth starts). */
export function ProviderSignIn() {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs uppercase text-gray-500">
        <span className="h-px flex-1 bg-gray-200" /> or continue with{" "}
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <div className="grid gap-3">
        <a
          href="/api/auth/google"
          className="flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50"
        >
          <span aria-hidden="true" className="font-bold text-blue-600">
            G
          </span>{" "}
          Sign in with Google
        </a>
        <a href="/api/auth/strava" className={`${stravaButtonClass} hover:bg-[#E34A00]`}>
          <StravaLogo />
          Sign in with Strava
        </a>
      </div>
    </>
  );
}
