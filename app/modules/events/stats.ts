/**
 * Registration statistics for the admin's event detail (spec part 2 §9):
 * capacity percent = registrations / maxParticipants; total collected = fee ×
 * paid (or completed) registrations; pending amount = fee × pending ones.
 * Money in paise.
 */
import { isPaid } from "./schema";

export interface RegistrationStats {
  total: number;
  paid: number;
  pending: number;
  /** Whole percent of the cap taken (0-100), or null when there is no cap. */
  capacityPercent: number | null;
  /** Places left, or null when there is no cap. */
  remaining: number | null;
  totalCollected: number;
  pendingAmount: number;
}

export function registrationStats(
  event: { fee: number; maxParticipants: number | null },
  registrations: readonly { paymentStatus: string }[],
): RegistrationStats {
  const total = registrations.length;
  const paid = registrations.filter((r) => isPaid(r.paymentStatus)).length;
  const pending = total - paid;
  const cap = event.maxParticipants;
  return {
    total,
    paid,
    pending,
    capacityPercent: cap ? Math.min(100, Math.round((total / cap) * 100)) : null,
    remaining: cap ? Math.max(0, cap - total) : null,
    totalCollected: event.fee * paid,
    pendingAmount: event.fee * pending,
  };
}
