import { request as playwrightRequest } from "@playwright/test";
import {
  createChallenge,
  expect,
  HYDRATION_ERROR,
  loginAs,
  signIn,
  signInFreshMember,
  snap,
  test,
} from "./fixtures";

const FIXTURES = "tests/fixtures/activities";

test("without Strava: a challenge that counts uploads is joined, a Strava-only one shows 'Strava Connection Required'", async ({
  page,
  baseURL,
}) => {
  const title = `E2E no Strava ${Date.now()}`;
  await createChallenge(baseURL!, `${title} strava only`, "strava");
  await createChallenge(baseURL!, `${title} uploads count`);
  await loginAs(page, "vihaan01", "Member@1234");
  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: "Last Year's Hill Climb" });
  await expect(card.getByRole("button", { name: "Join Challenge" })).toHaveCount(0); // inactive

  // Issue #39 item 3: the join form says which sources count; where uploads count, anyone joins.
  const open = page.getByTestId("challenge-card").filter({ hasText: `${title} uploads count` });
  await expect(open.getByTestId("join-form")).toContainText("Counts: Strava, uploaded files, Strava archive");
  await open.getByRole("button", { name: "Join Challenge" }).click();
  await expect(page.getByTestId("toast")).toContainText("You've joined the challenge!");
  await expect(open.getByRole("progressbar")).toBeVisible();

  const stravaOnly = page.getByTestId("challenge-card").filter({ hasText: `${title} strava only` });
  await expect(stravaOnly.getByTestId("join-form")).toContainText("Counts: Strava");
  await stravaOnly.getByRole("button", { name: "Join Challenge" }).click();
  // Headless UI's dialog root has no box of its own; its panel is what shows.
  const dialog = page.getByRole("dialog", { name: "Strava Connection Required" });
  await expect(dialog.getByText("Connect your Strava account to join challenges")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Connect Strava" })).toHaveAttribute(
    "href",
    "/profile/strava",
  );
  await snap(page, "challenges-strava-required");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByText("Connect your Strava account to join challenges")).toBeHidden();

  // A later render of the page (here: the next page starting to load) leaves it closed: it
  // once opened again on any render after the answer, before the member's eyes.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/dashboard.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
  // A frame for the page's effects to run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await expect(dialog.getByText("Connect your Strava account to join challenges")).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a connected member joins from the grid and through ?join=", async ({ page, baseURL }) => {
  const title = `E2E Ride ${Date.now()}`;
  const id = await createChallenge(baseURL!, title);
  const second = await createChallenge(baseURL!, `${title} bis`);
  await loginAs(page, "athlete", "Athlete@1234");
  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: title }).filter({ hasNotText: "bis" });
  await card.getByRole("button", { name: "Join Challenge" }).click();
  await expect(page.getByTestId("toast")).toContainText("You've joined the challenge!");
  await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute("href", `/challenges/${id}`);
  await expect(card.getByRole("progressbar")).toBeVisible();

  await page.goto(`/challenges?join=${second}`);
  await expect(page).toHaveURL(/\/challenges$/);
  await expect(page.getByTestId("toast")).toContainText("You've joined the challenge!");
  await expect(
    page
      .getByTestId("challenge-card")
      .filter({ hasText: `${title} bis` })
      .getByRole("progressbar"),
  ).toBeVisible();
  await snap(page, "challenges-grid");
});

test("challenge detail: search, sort and gender tabs", async ({ page }) => {
  await loginAs(page, "athlete", "Athlete@1234");
  await page.goto("/challenges/1");
  await expect(page.getByRole("heading", { name: "Monthly 500 km Ride" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const participants = page.getByTestId("participant");
  const total = await participants.count();
  expect(total).toBeGreaterThan(3);
  await snap(page, "challenge-detail");

  await page.getByPlaceholder("Search participants").fill("ATH");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(participants).toHaveCount(1);
  await expect(participants.first()).toContainText("athlete");

  await page.getByPlaceholder("Search participants").fill("");
  await page.getByLabel("Sort by").selectOption("name");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(participants).toHaveCount(total);
  const sortedByName = async () => {
    const names = await participants.getByTestId("participant-name").allInnerTexts();
    return (
      names.join("|") ===
      [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })).join("|")
    );
  };
  await expect.poll(sortedByName).toBe(true);

  const genderTabs = page.getByRole("navigation", { name: "Gender" });
  await genderTabs.getByRole("link", { name: "Women" }).click();
  await expect(page).toHaveURL(/gender=female/);
  // The address changes a moment before the filtered list is rendered.
  await expect.poll(() => participants.count()).toBeLessThan(total);
  await genderTabs.getByRole("link", { name: "All" }).click();
  await expect(participants).toHaveCount(total);
});

// Issue #37: the server wrote dates in UTC and the browser in India time, so React threw the
// page away (#418/#425/#423, about 11 per challenge page). The browser runs in Asia/Kolkata here.
test("a challenge page and /profile/strava hydrate in India time, the month shown inclusively", async ({
  page,
}) => {
  const hydration: string[] = [];
  page.on("console", (m) => HYDRATION_ERROR.test(m.text()) && hydration.push(m.text()));
  page.on("pageerror", (e) => HYDRATION_ERROR.test(e.message) && hydration.push(e.message));
  // Chromium names India time by its older alias.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toMatch(
    /^Asia\/(Kolkata|Calcutta)$/,
  );
  await loginAs(page, "athlete", "Athlete@1234");
  for (const id of [1, 3, 4]) {
    await page.goto(`/challenges/${id}`);
    // The seed's challenges run through this month in India time: "1–30 Nov 2026".
    const india = new Date(Date.now() + 330 * 60_000);
    const lastDay = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() + 1, 0)).getUTCDate();
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
      india.getUTCMonth()
    ];
    await expect(page.getByTestId("challenge-dates")).toHaveText(
      `1–${lastDay} ${month} ${india.getUTCFullYear()}`,
    );
  }
  await page.goto("/profile/strava");
  await expect(page.getByTestId("strava-last-sync")).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [ap]m IST$/,
  );
  expect(hydration).toEqual([]);
});

test("a missing challenge says so", async ({ page }) => {
  await loginAs(page, "athlete", "Athlete@1234");
  const res = await page.goto("/challenges/987654");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Challenge not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Challenges" })).toBeVisible();
});

test("an admin corrects a participant's progress", async ({ page }) => {
  await loginAs(page, "admin", "Admin@1234");
  await page.goto("/admin/challenges/2");
  const row = page.getByTestId("progress-row").filter({ hasText: "athlete" });
  await row.getByLabel("Progress for athlete in km").fill("123.4");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Progress updated");
  await expect(page.getByTestId("progress-row").filter({ hasText: "athlete" })).toContainText("123.4 km");
  await expect(page.getByText(/→ 123\.4 km/)).toBeVisible();
  await snap(page, "admin-challenge-progress");

  // A member is sent to the dashboard.
  await page.context().clearCookies();
  await loginAs(page, "athlete", "Athlete@1234");
  await page.goto("/admin/challenges/2");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("issue #39: an admin creates a team elevation challenge in the dialog, members join different teams, an uploaded GPX moves both boards, the why list explains the run", async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin creates it in /admin's dialog: from 60 days ago (the fixtures' GPX dates), two teams.
  const title = `E2E Team climb ${Date.now()}`;
  const ist = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 16);
  // The admin has a browser context of their own, kept for the balancing at the end.
  const adminContext = await browser.newContext({ baseURL, timezoneId: "Asia/Kolkata" });
  const admin = await adminContext.newPage();
  await signIn(admin, "admin", "Admin@1234");
  const adminGoto = async (path: string) => {
    await admin.goto(path);
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  };
  await adminGoto("/admin?tab=challenges");
  await admin.getByRole("button", { name: "Create New Challenge" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create New Challenge" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Climb together, team against team");
  await dialog.getByLabel("Sport type").selectOption("Ride");
  await dialog.getByLabel("Goal").selectOption("elevation");
  await dialog.getByLabel("Target (metres climbed)").fill("2000");
  await dialog.getByLabel("Start date (IST)").fill(ist(Date.now() - 60 * 86400_000));
  await dialog.getByLabel("End date (IST)").fill(ist(Date.now() + 14 * 86400_000));
  await dialog.getByLabel("Teams (optional)").fill("Ghats, Plains");
  await dialog.getByRole("button", { name: "Create Challenge" }).click();
  await expect(admin.getByTestId("toast")).toContainText("Challenge created successfully");
  await expect(admin.getByRole("article").filter({ hasText: title })).toContainText("2,000 m climbed");
  await snap(admin, "admin-team-challenge-created");

  // A seeded member joins the second team over the API.
  const api = await playwrightRequest.newContext({ baseURL });
  expect(
    (await api.post("/api/login", { data: { username: "vihaan01", password: "Member@1234" } })).status(),
  ).toBe(200);
  const listed = (await (await api.get("/api/challenges")).json()) as unknown;
  const all = (Array.isArray(listed) ? listed : (listed as { challenges: unknown[] }).challenges) as {
    id: number;
    title: string;
  }[];
  const id = all.find((c) => c.title === title)!.id;
  const detail = (await (await api.get(`/api/challenges/${id}`)).json()) as {
    teams?: { id: number; name: string }[];
    challenge?: { teams?: { id: number; name: string }[] };
  };
  const teams = detail.teams ?? detail.challenge?.teams ?? [];
  expect(teams.map((t) => t.name)).toEqual(["Ghats", "Plains"]);
  expect((await api.post(`/api/challenges/${id}/join`, { data: { teamId: teams[1]!.id } })).status()).toBe(
    201,
  );
  await api.dispose();

  // A member without Strava joins on a phone, picking the other team.
  await page.setViewportSize({ width: 375, height: 812 });
  await signInFreshMember(page);
  await page.goto(`/challenges/${id}`);
  const join = page.getByTestId("join-form");
  await join.getByLabel("Your team").selectOption({ label: "Ghats" });
  await join.getByRole("button", { name: "Join Challenge" }).click();
  const board = page.getByTestId("team-board");
  await expect(board.getByTestId("team").filter({ hasText: "Ghats (your team)" })).toContainText(
    "0 m climbed",
  );
  await expect(page.getByTestId("why-list")).toContainText("No activities around the challenge's dates yet.");

  // A ride and a run by file.
  await page.goto("/activities/upload");
  const files = page.getByRole("region", { name: "Upload files" });
  await files
    .getByLabel("Choose files or drop them here")
    .setInputFiles([`${FIXTURES}/strava-ride.gpx`, `${FIXTURES}/garmin-run.gpx`]);
  const sent = files.getByRole("list", { name: "Sent: upload files" });
  await expect(sent.getByRole("listitem").filter({ hasText: "strava-ride.gpx" })).toContainText("Saved", {
    timeout: 20_000,
  });
  await expect(sent.getByRole("listitem").filter({ hasText: "garmin-run.gpx" })).toContainText("Saved", {
    timeout: 20_000,
  });

  // On the desktop: the team board and the individual board moved; the run is explained.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/challenges/${id}`);
  const ghats = board.getByTestId("team").filter({ hasText: "Ghats" });
  await expect(ghats.getByTestId("team-total")).not.toHaveText("0 m climbed");
  await expect(ghats).toContainText("1 member");
  // The leaderboard's amount column is named for the goal: metres climbed, not distance.
  await expect(page.getByText("Climbed", { exact: true })).toBeVisible();
  const me = page.getByTestId("participant").filter({ hasText: "You" });
  await expect(me).not.toContainText(/\b0 m climbed/);
  const why = page.getByTestId("why-list");
  await expect(why.getByTestId("why-item").filter({ hasText: "Sinhagad loop & back" })).toContainText(
    /Counted · \+[\d,]+ m climbed/,
  );
  await expect(why.getByTestId("why-item").filter({ hasText: "Pune Running" })).toContainText(
    "Not counted: Another sport (Run) than this challenge counts",
  );
  await snap(page, "challenge-team-board");

  // Last, the admin balances the teams from the progress page, after confirming in the dialog.
  await adminGoto(`/admin/challenges/${id}`);
  const teamsCard = admin.getByTestId("admin-teams");
  await expect(teamsCard).toContainText("Ghats · 1 member");
  await expect(teamsCard).toContainText("Plains · 1 member");
  await teamsCard.getByRole("button", { name: "Balance teams" }).click();
  const confirm = admin.getByRole("dialog", { name: "Balance teams?" });
  await confirm.getByRole("button", { name: "Balance teams" }).click();
  await expect(admin.getByTestId("toast")).toContainText(
    "Teams balanced: 2 participants on 2 teams by their last 8 weeks",
  );
  await expect(teamsCard).toContainText("Ghats · 1 member");
  await snap(admin, "admin-balance-teams");
  await adminContext.close();
});
