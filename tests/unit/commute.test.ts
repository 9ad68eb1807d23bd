import { describe, expect, it } from "vitest";
import { commuteFactors, commuteSavings, DEFAULT_COMMUTE_FACTORS } from "~/modules/activities/commute";

describe("commute factors", () => {
  it("default to a 15 km/L petrol car, 2.35 kg CO2 per litre (EPA) and ₹94.72/L", () => {
    expect(DEFAULT_COMMUTE_FACTORS).toEqual({
      co2KgPerKm: 0.157,
      fuelLitresPerKm: 0.0667,
      fuelPriceInr: 94.72,
    });
    // CO2 per km follows from the fuel: litres per km × kg CO2 per litre.
    expect(DEFAULT_COMMUTE_FACTORS.co2KgPerKm).toBeCloseTo((1 / 15) * (8.887 / 3.785), 3);
  });

  it("are overridden by the COMMUTE_* vars", () => {
    expect(
      commuteFactors({
        COMMUTE_CO2_KG_PER_KM: "0.2",
        COMMUTE_FUEL_L_PER_KM: "0.05",
        COMMUTE_FUEL_PRICE_INR: "105.5",
      }),
    ).toEqual({
      co2KgPerKm: 0.2,
      fuelLitresPerKm: 0.05,
      fuelPriceInr: 105.5,
    });
  });

  it.each([[""], ["   "], ["abc"], ["-1"], ["Infinity"]])("ignore an empty or invalid var %j", (value) => {
    expect(
      commuteFactors({
        COMMUTE_CO2_KG_PER_KM: value,
        COMMUTE_FUEL_L_PER_KM: value,
        COMMUTE_FUEL_PRICE_INR: value,
      }),
    ).toEqual(DEFAULT_COMMUTE_FACTORS);
    expect(commuteFactors({})).toEqual(DEFAULT_COMMUTE_FACTORS);
  });
});

describe("commute savings", () => {
  const factors = { co2KgPerKm: 0.157, fuelLitresPerKm: 0.0667, fuelPriceInr: 94.72 };

  it("multiply the distance by each factor (CO2 kg and litres to 1 decimal, money in paise)", () => {
    // 100 km: 15.7 kg CO2, 6.67 L → 6.7 L, 6.67 L × ₹94.72 = ₹631.7824 → 63178 paise
    expect(commuteSavings(100, factors)).toEqual({ co2Offset: 15.7, fuelSaved: 6.7, moneySaved: 63178 });
  });

  it("price the unrounded litres", () => {
    // 582.59 km: 91.466 kg → 91.5; 38.858753 L → 38.9; 38.858753 × 94.72 = 3680.701 → 368070 paise
    expect(commuteSavings(582.59, factors)).toEqual({ co2Offset: 91.5, fuelSaved: 38.9, moneySaved: 368070 });
  });

  it("are zero for no distance (and never negative)", () => {
    expect(commuteSavings(0, factors)).toEqual({ co2Offset: 0, fuelSaved: 0, moneySaved: 0 });
    expect(commuteSavings(-5, factors)).toEqual({ co2Offset: 0, fuelSaved: 0, moneySaved: 0 });
  });

  it("follow the factors", () => {
    expect(commuteSavings(10, { co2KgPerKm: 0.2, fuelLitresPerKm: 0.1, fuelPriceInr: 100 })).toEqual({
      co2Offset: 2,
      fuelSaved: 1,
      moneySaved: 10000,
    });
  });
});
