/**
 * The weekly-distance bars' km axis: it starts at zero and ends at a round
 * top (1, 2, 2.5 or 5 × a power of ten, times the tick count) at or above the
 * biggest value; `ticks` are the labelled values, zero first.
 */
export function kmAxis(maxKm: number, tickCount = 4): { top: number; ticks: number[] } {
  const max = Number.isFinite(maxKm) && maxKm > 0 ? maxKm : 1;
  const raw = max / tickCount;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * tickCount >= max) ?? 10 * power;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
  return { top: ticks[tickCount]!, ticks };
}
