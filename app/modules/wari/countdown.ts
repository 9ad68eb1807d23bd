/** The countdown to the event and its message (spec part 2 §3). */
export const COUNTDOWN_TICK_MS = 1000;

export interface Countdown {
  passed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  message: string;
}

export const COUNTDOWN_MESSAGES = {
  far: "Plenty of time to build your base. Follow the plan week by week.",
  near: "The event is getting close. Keep your long rides steady and consistent.",
  final: "Final week! Taper, rest well and prepare your bike and nutrition.",
  passed: "Thank you for riding with us: see you at the next edition!",
} as const;

/** Time left until the event; the message changes at more than 30 and more than 7 days (§3). */
export function countdown(now: Date | number, eventStartMs: number): Countdown {
  const left = eventStartMs - new Date(now).getTime();
  if (left <= 0)
    return { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0, message: COUNTDOWN_MESSAGES.passed };
  const totalSeconds = Math.floor(left / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  return {
    passed: false,
    days,
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    message:
      days > 30 ? COUNTDOWN_MESSAGES.far : days > 7 ? COUNTDOWN_MESSAGES.near : COUNTDOWN_MESSAGES.final,
  };
}
