import { describe, expect, it } from "vitest";
import { connectReturnToast } from "~/modules/strava/components/connect-return";

describe("Strava connect return toasts (part 1 §8)", () => {
  it("a failure to start the connect is 'Connection Error: Failed to initiate Strava connection. Please try again.'", () => {
    expect(connectReturnToast(null, "connect_start_failed", null)).toEqual({
      title: "Connection Error",
      description: "Failed to initiate Strava connection. Please try again.",
      variant: "destructive",
    });
  });

  it("keeps the other answers", () => {
    expect(connectReturnToast("strava_connected", null, null)).toMatchObject({
      title: "Strava Connected",
      variant: "success",
    });
    expect(connectReturnToast(null, "strava_already_connected", null)).toBe("dialog");
    expect(connectReturnToast(null, "config_error", null)).toMatchObject({ title: "Configuration Error" });
    expect(connectReturnToast(null, null, null)).toBeNull();
  });
});
