import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/lib/password.server";
import { buildSeedSql, DEMO_ACCOUNTS, nextWariEdition } from "~scripts/seed";

describe("demo seed", () => {
  it("inserts the demo accounts with hashed passwords, idempotently", async () => {
    const sql = await buildSeedSql({
      pepper: "p",
      tokenKey: "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=",
      members: 3,
      now: new Date("2026-11-01T00:00:00Z"),
    });
    for (const account of DEMO_ACCOUNTS) {
      const row = new RegExp(`\\(\\d+, '${account.username}', '${account.email}', '([^']+)'`).exec(sql);
      expect(row, account.username).toBeTruthy();
      expect(row![1]).toMatch(/^pbkdf2-sha256\$100000\$1\$/);
      expect((await verifyPassword(account.password, row![1], "p")).ok).toBe(true);
    }
    expect(sql).not.toMatch(/Athlete@1234/);
    // Every insert tolerates re-running: INSERT OR IGNORE, or a summary table rebuilt right after its DELETE.
    const plain = [...sql.matchAll(/INSERT INTO (\w+)/g)].map((m) => m[1]!);
    expect(plain.sort()).toEqual(
      ["activity_day_totals", "activity_month_totals", "activity_records", "activity_sport_totals"].sort(),
    );
    for (const table of plain)
      expect(sql.indexOf(`DELETE FROM ${table} WHERE 1 = 1`)).toBeLessThan(
        sql.indexOf(`INSERT INTO ${table}`),
      );
    expect(sql.indexOf("DELETE FROM activity_day_totals")).toBeGreaterThan(-1);
    expect(sql).toMatch(/INSERT OR IGNORE INTO users/);
  });

  it("gives demo activities Strava's private and visibility, some of them followers_only or only_me", async () => {
    const sql = await buildSeedSql({
      pepper: "p",
      tokenKey: "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=",
      members: 3,
      now: new Date("2026-11-01T00:00:00Z"),
    });
    const insert = /INSERT OR IGNORE INTO activities \(([^)]*)\)/.exec(sql);
    expect(insert?.[1]).toMatch(/\bprivate\b.*\bvisibility\b/);
    expect(sql).toMatch(/'only_me'/);
    expect(sql).toMatch(/'followers_only'/);
    expect(sql).toMatch(/'everyone'/);
  });

  it("seeds a next Wari edition ahead of today, so a fresh demo counts down (issue #38)", async () => {
    // The first Saturday of June in India: this year's while it is ahead (the day itself included), else next year's.
    expect(nextWariEdition(new Date("2026-11-28T12:00:00Z"))).toMatchObject({
      year: 2027,
      name: "IAS CycleWari 2027",
      ride_date: "2027-06-05",
    });
    expect(nextWariEdition(new Date("2027-03-01T00:00:00Z")).ride_date).toBe("2027-06-05");
    expect(nextWariEdition(new Date("2027-06-04T19:00:00Z")).ride_date).toBe("2027-06-05");
    expect(nextWariEdition(new Date("2027-06-05T19:00:00Z")).ride_date).toBe("2028-06-03");
    const options = { pepper: "p", tokenKey: "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=", members: 1 };
    const sql = await buildSeedSql({ ...options, now: new Date("2026-11-28T12:00:00Z") });
    expect(sql).toMatch(
      /INSERT OR IGNORE INTO wari_editions \([^)]*\) VALUES\n\(2027, 'IAS CycleWari 2027', '2027-06-05'/,
    );
    const without = await buildSeedSql({
      ...options,
      now: new Date("2026-11-28T12:00:00Z"),
      nextWari: false,
    });
    expect(without).not.toMatch(/INTO wari_editions/);
  });

  // Starts a Node process (npx tsx): seconds on a busy 2-core machine, so a generous limit.
  it("refuses a remote database", { timeout: 60_000 }, () => {
    expect(() => execFileSync("npx", ["tsx", "scripts/seed.ts", "--remote"], { stdio: "pipe" })).toThrow(
      /refusing --remote/,
    );
  });
});
