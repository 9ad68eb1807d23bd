/**
 * What commuting under one's own power saves compared with driving the same
 * distance (the dashboard's Commute tab). Pure arithmetic; the three factors
 * live here and nowhere else, and each can be overridden by a Worker var.
 *
 * Sources of the defaults:
 * - Fuel: a small petrol car in Indian city traffic at 15 km per litre
 *   (0.0667 L/km). An assumption stated here on purpose: ARAI-certified
 *   figures for popular petrol hatchbacks are 18-24 km/L, and real city
 *   driving does noticeably worse.
 * - CO2: burning a litre of petrol emits 2.35 kg of CO2 (US EPA, "Greenhouse
 *   Gas Emissions from a Typical Passenger Vehicle": 8,887 g CO2 per US gallon
 *   of gasoline = 8,887 / 3.785 L), so 0.0667 L/km × 2.35 kg/L = 0.157 kg/km.
 * - Price: ₹94.72 per litre, the retail price of petrol in Delhi (Indian Oil
 *   Corporation) from 15 March 2024.
 *
 * Vars (wrangler.toml [vars] or secrets; empty or invalid means the default):
 * COMMUTE_CO2_KG_PER_KM, COMMUTE_FUEL_L_PER_KM, COMMUTE_FUEL_PRICE_INR.
 */

export interface CommuteFactors {
  co2KgPerKm: number;
  fuelLitresPerKm: number;
  /** Rupees per litre. */
  fuelPriceInr: number;
}

const FUEL_LITRES_PER_KM = 1 / 15;
const CO2_KG_PER_LITRE = 8.887 / 3.785;

export const DEFAULT_COMMUTE_FACTORS: Readonly<CommuteFactors> = {
  co2KgPerKm: round(FUEL_LITRES_PER_KM * CO2_KG_PER_LITRE, 3),
  fuelLitresPerKm: round(FUEL_LITRES_PER_KM, 4),
  fuelPriceInr: 94.72,
};

export interface CommuteVars {
  COMMUTE_CO2_KG_PER_KM?: string;
  COMMUTE_FUEL_L_PER_KM?: string;
  COMMUTE_FUEL_PRICE_INR?: string;
}

function factor(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function commuteFactors(vars: CommuteVars): CommuteFactors {
  return {
    co2KgPerKm: factor(vars.COMMUTE_CO2_KG_PER_KM, DEFAULT_COMMUTE_FACTORS.co2KgPerKm),
    fuelLitresPerKm: factor(vars.COMMUTE_FUEL_L_PER_KM, DEFAULT_COMMUTE_FACTORS.fuelLitresPerKm),
    fuelPriceInr: factor(vars.COMMUTE_FUEL_PRICE_INR, DEFAULT_COMMUTE_FACTORS.fuelPriceInr),
  };
}

export interface CommuteSavings {
  /** kg of CO2, 1 decimal. */
  co2Offset: number;
  /** litres, 1 decimal. */
  fuelSaved: number;
  /** paise (integer), like every amount of money in the /api. */
  moneySaved: number;
}

/** Savings for `distanceKm` commuted instead of driven. */
export function commuteSavings(distanceKm: number, factors: CommuteFactors): CommuteSavings {
  const km = Math.max(0, distanceKm);
  const litres = km * factors.fuelLitresPerKm;
  return {
    co2Offset: round(km * factors.co2KgPerKm, 1),
    fuelSaved: round(litres, 1),
    moneySaved: Math.round(litres * factors.fuelPriceInr * 100),
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
