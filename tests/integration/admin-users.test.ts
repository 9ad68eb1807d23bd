import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, json, login, unique } from "./helpers";

let admin: { cookie: string; id: number };
let member: { cookie: string; id: number };

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { id: a.id, cookie: await login(a.username, a.password) };
  const m = await createUser();
  member = { id: m.id, cookie: await login(m.username, m.password) };
});

interface UserJson {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  isVerified: boolean;
  isActive: boolean;
}

describe("admin user calls are guarded", () => {
  it("answer 401 to guests and 403 'Admin access required' to members", async () => {
    const id = member.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      [
        "POST",
        "/api/admin/users",
        { username: unique("x"), email: `${unique("x")}@example.com`, password: "Secret@123" },
      ],
      ["GET", `/api/admin/users/${id}`],
      ["DELETE", `/api/admin/users/${id}`],
      ["PATCH", `/api/admin/users/${id}/admin-status`, { isAdmin: true }],
      ["PATCH", `/api/admin/users/${id}/verification-status`, { isVerified: true }],
      ["PATCH", `/api/admin/users/${id}/active-status`, { isActive: false }],
      ["GET", `/api/admin/users/${id}/activities`],
      ["GET", `/api/admin/users/${id}/challenges`],
      ["GET", `/api/admin/users/${id}/events`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      const res = await call(path, { method, body, cookie: member.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).message).toBe("Admin access required");
    }
    // Nothing changed.
    const row = await env.DB.prepare("SELECT is_admin, is_active FROM users WHERE id = ?")
      .bind(id)
      .first<{ is_admin: number; is_active: number }>();
    expect(row).toEqual({ is_admin: 0, is_active: 1 });
  });
});

describe("listing and creating", () => {
  it("pages users 10 at a time, searching username or e-mail", async () => {
    const tag = unique("pg").toLowerCase();
    for (let i = 0; i < 12; i++)
      await createUser({ username: `${tag}${i}`, email: `${tag}.${i}@example.org` });
    const res = await call(`/api/admin/users?search=${tag.toUpperCase()}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("12");
    expect(res.headers.get("X-Total-Pages")).toBe("2");
    const first = await json<UserJson[]>(res);
    expect(first).toHaveLength(10);
    expect(first[0]).not.toHaveProperty("passwordHash");
    const second = await json<UserJson[]>(
      await call(`/api/admin/users?search=${tag}&page=2`, { cookie: admin.cookie }),
    );
    expect(second).toHaveLength(2);
    const byEmail = await json<UserJson[]>(
      await call(`/api/admin/users?search=${tag}.11@`, { cookie: admin.cookie }),
    );
    expect(byEmail.map((u) => u.username)).toEqual([`${tag}11`]);
    expect((await call("/api/admin/users?page=0", { cookie: admin.cookie })).status).toBe(400);
  });

  it("creates a user with the flags asked for, who can then sign in", async () => {
    const username = unique("made");
    const res = await call("/api/admin/users", {
      body: {
        username,
        email: `${username}@example.com`,
        password: "Secret@123",
        isAdmin: false,
        isVerified: true,
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ username, isVerified: true, isAdmin: false, isActive: true });
    expect((await call("/api/login", { body: { username, password: "Secret@123" } })).status).toBe(200);
  });

  it.each([
    [{ username: "", email: "a@example.com", password: "Secret@123" }, "Please fill in all required fields."],
    [{ email: "a@example.com", password: "Secret@123" }, "Please fill in all required fields."],
    [{ username: "someone", email: "", password: "Secret@123" }, "Please fill in all required fields."],
    [{ username: "someone", email: "a@example.com", password: "" }, "Please fill in all required fields."],
    [
      { username: "someone", email: "not-an-email", password: "Secret@123" },
      "Please enter a valid email address",
    ],
    [
      { username: "someone", email: "a@example.com", password: "short" },
      "Password must be at least 8 characters long",
    ],
  ])("refuses %o with 400 and the message", async (body, message) => {
    const res = await call("/api/admin/users", { body, cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(message);
  });

  it("refuses a taken username with 409", async () => {
    const existing = await createUser();
    const res = await call("/api/admin/users", {
      body: {
        username: existing.username.toUpperCase(),
        email: `${unique("n")}@example.com`,
        password: "Secret@123",
      },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe("Username already exists");
  });
});

describe("flags", () => {
  it("toggle admin, verified and active independently; deactivation ends the member's session at once", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    for (const [path, field] of [
      ["admin-status", "isAdmin"],
      ["verification-status", "isVerified"],
      ["active-status", "isActive"],
    ] as const) {
      const before = (await json<UserJson>(await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie })))[
        field
      ];
      const res = await call(`/api/admin/users/${u.id}/${path}`, {
        method: "PATCH",
        body: { [field]: !before },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      expect((await json<{ user: UserJson }>(res)).user[field]).toBe(!before);
    }
    expect((await call("/api/user", { cookie })).status).toBe(401);
    const bad = await call(`/api/admin/users/${u.id}/active-status`, {
      method: "PATCH",
      body: { isActive: "yes" },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call("/api/admin/users/999999999/active-status", {
          method: "PATCH",
          body: { isActive: true },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("an admin cannot remove their own admin right, deactivate or delete themselves", async () => {
    for (const [path, body, message] of [
      ["admin-status", { isAdmin: false }, "You cannot remove your own admin rights"],
      ["active-status", { isActive: false }, "You cannot deactivate your own account"],
    ] as const) {
      const res = await call(`/api/admin/users/${admin.id}/${path}`, {
        method: "PATCH",
        body,
        cookie: admin.cookie,
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
    const del = await call(`/api/admin/users/${admin.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(del.status).toBe(400);
    expect((await json(del)).message).toBe("You cannot delete your own account");
  });
});

describe("deleting", () => {
  it("deletes a user without history", async () => {
    const u = await createUser();
    const res = await call(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  it("refuses a user with activities, challenges or events with the counts and the advice to deactivate", async () => {
    const u = await createUser();
    const now = Math.floor(Date.now() / 1000);
    await env.DB.prepare(
      "INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local, private, visibility) VALUES (?, ?, 'Ride', 'Ride', 'Ride', 10000, 1800, 1800, 10, ?, ?, 0, 'everyone')",
    )
      .bind(u.id, 90_000_000 + u.id, now, new Date(now * 1000).toISOString().slice(0, 19))
      .run();
    const res = await call(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(409);
    const body = await json<{
      message: string;
      summary: { activities: number; challenges: number; events: number };
    }>(res);
    expect(body.message).toMatch(/Deactivate the account instead/);
    expect(body.summary).toEqual({ activities: 1, challenges: 0, events: 0 });
    expect((await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie })).status).toBe(200);

    const acts = await json<{ activities: { name: string; distance: number }[]; total: number }>(
      await call(`/api/admin/users/${u.id}/activities?limit=5`, { cookie: admin.cookie }),
    );
    expect(acts.total).toBe(1);
    expect(acts.activities[0]).toMatchObject({ name: "Ride", distance: 10000 });
    expect(await json(await call(`/api/admin/users/${u.id}/challenges`, { cookie: admin.cookie }))).toEqual(
      [],
    );
    expect(await json(await call(`/api/admin/users/${u.id}/events`, { cookie: admin.cookie }))).toEqual([]);
  });
});

describe("part 2 §7's 'apparently unused' aliases", () => {
  it("POST …/activate, …/deactivate and …/sync answer 401 to guests and 403 'Admin access required' to members", async () => {
    for (const path of ["activate", "deactivate", "sync"]) {
      const url = `/api/admin/users/${member.id}/${path}`;
      expect((await call(url, { method: "POST" })).status, url).toBe(401);
      const res = await call(url, { method: "POST", cookie: member.cookie });
      expect(res.status, url).toBe(403);
      expect((await json(res)).message).toBe("Admin access required");
    }
    const row = await env.DB.prepare("SELECT is_active FROM users WHERE id = ?")
      .bind(member.id)
      .first<{ is_active: number }>();
    expect(row?.is_active).toBe(1);
  });

  it("deactivate and activate set the active flag like PATCH …/active-status, with its rules", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const off = await call(`/api/admin/users/${u.id}/deactivate`, { method: "POST", cookie: admin.cookie });
    expect(off.status).toBe(200);
    expect((await json<{ user: UserJson }>(off)).user.isActive).toBe(false);
    expect((await call("/api/user", { cookie })).status).toBe(401);
    const on = await call(`/api/admin/users/${u.id}/activate`, { method: "POST", cookie: admin.cookie });
    expect((await json<{ user: UserJson }>(on)).user.isActive).toBe(true);
    expect((await call("/api/login", { body: { username: u.username, password: u.password } })).status).toBe(
      200,
    );

    const self = await call(`/api/admin/users/${admin.id}/deactivate`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(self.status).toBe(400);
    expect((await json(self)).message).toBe("You cannot deactivate your own account");
    expect(
      (await call("/api/admin/users/999999999/activate", { method: "POST", cookie: admin.cookie })).status,
    ).toBe(404);
  });

  it("…/sync answers exactly what POST …/strava-sync answers", async () => {
    const u = await createUser();
    const viaAlias = await call(`/api/admin/users/${u.id}/sync`, { method: "POST", cookie: admin.cookie });
    const viaSpec = await call(`/api/admin/users/${u.id}/strava-sync`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(viaAlias.status).toBe(viaSpec.status);
    expect(viaAlias.status).toBe(400);
    expect(await json(viaAlias)).toEqual(await json(viaSpec));
  });
});

describe("admin user objects", () => {
  it("carry stravaTokenExpiry (part 2 §3): the token's expiry for a connected member, null otherwise", async () => {
    const tag = unique("tok").toLowerCase();
    const connected = await createUser({ username: `${tag}c` });
    const plain = await createUser({ username: `${tag}p` });
    const expiry = 1_900_000_000;
    await env.DB.prepare(
      "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
    )
      .bind(connected.id, 880_000_000 + connected.id, expiry)
      .run();
    const one = await json<UserJson & { stravaTokenExpiry: string | null }>(
      await call(`/api/admin/users/${connected.id}`, { cookie: admin.cookie }),
    );
    expect(one.stravaTokenExpiry).toBe(new Date(expiry * 1000).toISOString());
    const none = await json<{ stravaTokenExpiry: string | null }>(
      await call(`/api/admin/users/${plain.id}`, { cookie: admin.cookie }),
    );
    expect(none.stravaTokenExpiry).toBeNull();
    const list = await json<(UserJson & { stravaTokenExpiry: string | null })[]>(
      await call(`/api/admin/users?search=${tag}`, { cookie: admin.cookie }),
    );
    expect(Object.fromEntries(list.map((u) => [u.username, u.stravaTokenExpiry]))).toEqual({
      [`${tag}c`]: new Date(expiry * 1000).toISOString(),
      [`${tag}p`]: null,
    });
  });
});

describe("admin sync toasts (part 2 §8)", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return body;
  };
  const nextPage = async (res: Response, path: string) => {
    expect(res.status).toBe(302);
    const toast = res.headers.get("Set-Cookie")!.split(";")[0];
    return (await call(path, { cookie: `${admin.cookie}; ${toast}` })).text();
  };

  it("the Strava Sync tab says 'Sync Error' / 'Failed to sync Strava activities: {message}'", async () => {
    const u = await createUser();
    const res = await call("/admin?index&tab=sync", {
      cookie: admin.cookie,
      headers: { Host: "localhost:8787" },
      body: form({ intent: "sync-user", userId: String(u.id) }),
    });
    const html = await nextPage(res, "/admin?tab=sync");
    expect(html).toContain("Sync Error");
    expect(html).toContain("Failed to sync Strava activities: Strava is not connected for this user");
  });

  it("an unknown intent is a 400 'Unknown action', a missing record id a 404 'Not found'", async () => {
    const post = (fields: Record<string, string>) =>
      call("/admin?index&tab=users", {
        cookie: admin.cookie,
        headers: { Host: "localhost:8787" },
        body: form(fields),
      });
    expect((await post({ intent: "bogus", _fetcher: "1" })).status).toBe(400);
    expect((await post({ intent: "user-flag", flag: "isRoot", userId: "1", _fetcher: "1" })).status).toBe(
      400,
    );
    expect((await post({ intent: "delete-user", userId: "abc", _fetcher: "1" })).status).toBe(404);
    expect((await post({ intent: "event-active", value: "true", _fetcher: "1" })).status).toBe(404);
    const unknown = await nextPage(await post({ intent: "bogus" }), "/admin?tab=users");
    expect(unknown).toContain("Unknown action");
    const missing = await nextPage(await post({ intent: "delete-user", userId: "0" }), "/admin?tab=users");
    expect(missing).toContain("Failed to Delete User");
    expect(missing).toContain("Not found");
  });

  it("the per-user panel says 'Error syncing Strava activities: {message}'", async () => {
    const u = await createUser();
    const res = await call(`/admin/users/${u.id}`, {
      cookie: admin.cookie,
      headers: { Host: "localhost:8787" },
      body: form({ intent: "sync-user" }),
    });
    const html = await nextPage(res, `/admin/users/${u.id}`);
    expect(html).toContain("Error syncing Strava activities: Strava is not connected for this user");
  });
});
