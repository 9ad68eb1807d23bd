import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, json, linkFromLatestEmail, login, unique } from "./helpers";
import type { AdminFeedbackView, FeedbackView } from "~/modules/feedback/feedback.server";

/** Members get FeedbackView; admins also get the member. */
type Feedback = FeedbackView & { user?: AdminFeedbackView["user"] };

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4,
]);

function form(
  fields: Record<string, string>,
  file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file) body.set("screenshot", new File([file.bytes], file.name, { type: file.type }));
  return body;
}

const valid = (subject = `Subject ${unique("s")}`) => ({
  feedbackType: "bug",
  subject,
  message: "The timeline does not load on my phone.",
});

let admin: { cookie: string; id: number };
let member: { cookie: string; id: number; username: string; email: string };
let other: { cookie: string; id: number };

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { id: a.id, cookie: await login(a.username, a.password) };
  const m = await createUser();
  member = { id: m.id, username: m.username, email: m.email, cookie: await login(m.username, m.password) };
  const o = await createUser();
  other = { id: o.id, cookie: await login(o.username, o.password) };
});

describe("POST /api/feedback", () => {
  it("stores the feedback as pending, with its screenshot in R2, readable by the author and admins only", async () => {
    const res = await call("/api/feedback", {
      body: form(valid("Chart stays empty"), { bytes: PNG, name: "shot.png", type: "image/png" }),
      cookie: member.cookie,
    });
    expect(res.status).toBe(201);
    const { feedback } = await json<{ feedback: Feedback }>(res);
    expect(feedback).toMatchObject({
      feedbackType: "bug",
      subject: "Chart stays empty",
      status: "pending",
      adminResponse: null,
    });
    expect(feedback.screenshotUrl).toBe(`/api/feedback/${feedback.id}/screenshot`);

    const row = await env.DB.prepare("SELECT user_id, screenshot_key FROM feedback WHERE id = ?")
      .bind(feedback.id)
      .first<{ user_id: number; screenshot_key: string }>();
    expect(row?.user_id).toBe(member.id);
    const object = await env.UPLOADS.get(row!.screenshot_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);

    for (const cookie of [member.cookie, admin.cookie]) {
      const shot = await call(feedback.screenshotUrl!, { cookie });
      expect(shot.status).toBe(200);
      expect(shot.headers.get("Content-Type")).toBe("image/png");
      expect(shot.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await shot.arrayBuffer())).toEqual(PNG);
    }
    expect((await call(feedback.screenshotUrl!, { cookie: other.cookie })).status).toBe(404);
    expect((await call(feedback.screenshotUrl!)).status).toBe(401);
  });

  it("takes JSON without a screenshot too", async () => {
    const res = await call("/api/feedback", {
      body: { ...valid(), feedbackType: "praise" },
      cookie: member.cookie,
    });
    expect(res.status).toBe(201);
    expect((await json<{ feedback: Feedback }>(res)).feedback).toMatchObject({
      feedbackType: "praise",
      screenshotUrl: null,
    });
  });

  it.each([
    [{ feedbackType: "" }, "Please select a feedback type"],
    [{ feedbackType: "complaint" }, "Please select a feedback type"],
    [{ subject: "" }, "Subject is required"],
    [{ subject: "Hey" }, "Subject must be at least 5 characters"],
    [{ subject: "x".repeat(101) }, "Subject cannot exceed 100 characters"],
    [{ message: "" }, "Message is required"],
    [{ message: "Too short" }, "Message must be at least 10 characters"],
    [{ message: "x".repeat(1001) }, "Message cannot exceed 1000 characters"],
  ])("answers %o with 400 and the spec's message, storing nothing", async (change, message) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM feedback").first<{ n: number }>();
    const res = await call("/api/feedback", { body: form({ ...valid(), ...change }), cookie: member.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(message);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM feedback").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a screenshot that is not an image, whatever it claims, and one over 5 MB", async () => {
    const fake = await call("/api/feedback", {
      body: form(valid(), {
        bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
        name: "x.png",
        type: "image/png",
      }),
      cookie: member.cookie,
    });
    expect(fake.status).toBe(400);
    expect((await json(fake)).message).toBe("Screenshot must be an image file (PNG, JPEG, GIF or WebP)");

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await call("/api/feedback", {
      body: form(valid(), { bytes: big, name: "big.png", type: "image/png" }),
      cookie: member.cookie,
    });
    expect(tooBig.status).toBe(400);
    expect((await json(tooBig)).message).toBe("Screenshot must be 5 MB or smaller");
    const listed = await env.UPLOADS.list({ prefix: `feedback/${member.id}/` });
    expect(listed.objects.every((o) => o.size < 1024)).toBe(true);
  });

  it("needs a signed-in, verified member", async () => {
    expect((await call("/api/feedback", { body: form(valid()) })).status).toBe(401);
    const u = await createUser({ isVerified: false });
    const res = await call("/api/feedback", {
      body: form(valid()),
      cookie: await login(u.username, u.password),
    });
    expect(res.status).toBe(403);
  });

  it("limits a member to 10 submissions an hour (429 with Retry-After)", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    for (let i = 0; i < 10; i++)
      expect((await call("/api/feedback", { body: valid(), cookie })).status).toBe(201);
    const res = await call("/api/feedback", { body: valid(), cookie });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("a member's own feedback", () => {
  it("lists only their own, newest first, and opens only their own", async () => {
    const first = (
      await json<{ feedback: Feedback }>(
        await call("/api/feedback", { body: valid("Older one here"), cookie: other.cookie }),
      )
    ).feedback;
    const second = (
      await json<{ feedback: Feedback }>(
        await call("/api/feedback", { body: valid("Newer one here"), cookie: other.cookie }),
      )
    ).feedback;
    const list = await json<{ feedback: Feedback[] }>(
      await call("/api/feedback/user", { cookie: other.cookie }),
    );
    expect(list.feedback.map((f) => f.id)).toEqual([second.id, first.id]);
    expect(list.feedback[0]).not.toHaveProperty("user");

    expect(await json(await call(`/api/feedback/${first.id}`, { cookie: other.cookie }))).toMatchObject({
      id: first.id,
      subject: "Older one here",
    });
    const foreign = await call(`/api/feedback/${first.id}`, { cookie: member.cookie });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).message).toBe("Feedback not found. It may have been deleted.");
    expect((await call("/api/feedback/999999999", { cookie: other.cookie })).status).toBe(404);
    expect((await call("/api/feedback/abc", { cookie: other.cookie })).status).toBe(404);
    expect((await call("/api/feedback/user")).status).toBe(401);
  });
});

describe("admin feedback calls", () => {
  it("answer 401 to guests and 403 to members", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/feedback"],
      ["GET", "/api/admin/feedback/1"],
      ["PATCH", "/api/admin/feedback/1"],
    ]) {
      const body = method === "PATCH" ? { status: "resolved", adminResponse: "x" } : undefined;
      expect((await call(path, { method, body })).status).toBe(401);
      const res = await call(path, { method, body, cookie: member.cookie });
      expect(res.status).toBe(403);
      expect((await json(res)).message).toBe("Admin access required");
    }
  });

  it("list with filters, search and pages of 10, with the member attached", async () => {
    const tag = unique("needle");
    const author = await createUser();
    const cookie = await login(author.username, author.password);
    for (let i = 0; i < 12; i++) {
      const res = await call("/api/feedback", {
        body: {
          feedbackType: i % 2 ? "feature" : "bug",
          subject: `${tag} number ${i}`,
          message: "Please add cadence to the list.",
        },
        cookie: i < 9 ? cookie : member.cookie,
      });
      expect(res.status).toBe(201);
    }
    const page1 = await json<{ feedback: Feedback[]; total: number; page: number; totalPages: number }>(
      await call(`/api/admin/feedback?search=${tag}`, { cookie: admin.cookie }),
    );
    expect(page1).toMatchObject({ total: 12, page: 1, totalPages: 2 });
    expect(page1.feedback).toHaveLength(10);
    expect(page1.feedback[0].subject).toBe(`${tag} number 11`);
    expect(page1.feedback[0].user).toMatchObject({
      id: member.id,
      username: member.username,
      email: member.email,
    });
    const page2 = await json<{ feedback: Feedback[] }>(
      await call(`/api/admin/feedback?search=${tag}&page=2&limit=10`, { cookie: admin.cookie }),
    );
    expect(page2.feedback.map((f) => f.subject)).toEqual([`${tag} number 1`, `${tag} number 0`]);

    const features = await json<{ total: number; feedback: Feedback[] }>(
      await call(`/api/admin/feedback?search=${tag}&feedbackType=feature&status=all`, {
        cookie: admin.cookie,
      }),
    );
    expect(features.total).toBe(6);
    expect(features.feedback.every((f) => f.feedbackType === "feature")).toBe(true);
    const resolved = await json<{ total: number }>(
      await call(`/api/admin/feedback?search=${tag}&status=resolved`, { cookie: admin.cookie }),
    );
    expect(resolved.total).toBe(0);
    // LIKE wildcards typed by the admin match literally.
    expect(
      (
        await json<{ total: number }>(
          await call(`/api/admin/feedback?search=${tag}%25`, { cookie: admin.cookie }),
        )
      ).total,
    ).toBe(0);
    // The message is searched as well as the subject.
    expect(
      (
        await json<{ total: number }>(
          await call(`/api/admin/feedback?search=${encodeURIComponent("add cadence")}&feedbackType=bug`, {
            cookie: admin.cookie,
          }),
        )
      ).total,
    ).toBeGreaterThanOrEqual(6);
  });

  it("answer bad filters with 400", async () => {
    for (const q of ["status=open", "feedbackType=complaint", "page=0", "limit=1000", "page=x"]) {
      const res = await call(`/api/admin/feedback?${q}`, { cookie: admin.cookie });
      expect(res.status, q).toBe(400);
      expect((await json(res)).message).toBeTruthy();
    }
  });

  it("read one with its member, set any status with a response, and the member sees it", async () => {
    const created = (
      await json<{ feedback: Feedback }>(
        await call("/api/feedback", { body: valid("Needs an answer"), cookie: member.cookie }),
      )
    ).feedback;
    const one = await json<Feedback>(
      await call(`/api/admin/feedback/${created.id}`, { cookie: admin.cookie }),
    );
    expect(one.user).toMatchObject({ id: member.id, username: member.username });

    for (const status of ["in_progress", "resolved", "closed", "pending"]) {
      const res = await call(`/api/admin/feedback/${created.id}`, {
        method: "PATCH",
        body: { status, adminResponse: `Answer while ${status}` },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      expect((await json<{ feedback: Feedback }>(res)).feedback).toMatchObject({
        id: created.id,
        status,
        adminResponse: `Answer while ${status}`,
      });
    }
    // The member is told by e-mail, with a link to the feedback.
    const link = await linkFromLatestEmail(member.email, "Re: Needs an answer");
    expect(link.pathname).toBe(`/feedback/history/${created.id}`);
    const seen = await json<Feedback>(await call(`/api/feedback/${created.id}`, { cookie: member.cookie }));
    expect(seen).toMatchObject({ status: "pending", adminResponse: "Answer while pending" });

    const bad = await call(`/api/admin/feedback/${created.id}`, {
      method: "PATCH",
      body: { status: "done", adminResponse: "x" },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("Status must be one of pending, in_progress, resolved, closed");
    const long = await call(`/api/admin/feedback/${created.id}`, {
      method: "PATCH",
      body: { status: "closed", adminResponse: "x".repeat(5001) },
      cookie: admin.cookie,
    });
    expect(long.status).toBe(400);
    expect(
      (
        await call("/api/admin/feedback/999999999", {
          method: "PATCH",
          body: { status: "closed" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await call("/api/admin/feedback/999999999", { cookie: admin.cookie })).status).toBe(404);
  });

  it("show 'Unknown user' data (user null) once the member is gone", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const created = (
      await json<{ feedback: Feedback }>(
        await call("/api/feedback", { body: valid("Orphaned feedback"), cookie }),
      )
    ).feedback;
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(u.id).run();
    expect(
      (await json<Feedback>(await call(`/api/admin/feedback/${created.id}`, { cookie: admin.cookie }))).user,
    ).toBeNull();
  });
});

describe("admin list paging past the end", () => {
  it("still reports the total", async () => {
    const all = await json<{ total: number }>(await call("/api/admin/feedback", { cookie: admin.cookie }));
    const far = await json<{ total: number; feedback: unknown[]; page: number }>(
      await call("/api/admin/feedback?page=9999", { cookie: admin.cookie }),
    );
    expect(far).toMatchObject({ total: all.total, page: 9999, feedback: [] });
  });
});

describe("/feedback/history/{id} page", () => {
  it("answers 404 with the not-found text for an unknown id, a malformed id and another member's feedback", async () => {
    const theirs = (
      await json<{ feedback: Feedback }>(await call("/api/feedback", { body: valid(), cookie: other.cookie }))
    ).feedback;
    for (const id of ["999999999", "abc", String(theirs.id)]) {
      const res = await call(`/feedback/history/${id}`, { cookie: member.cookie });
      expect(res.status, id).toBe(404);
      expect(await res.text()).toContain("Feedback not found. It may have been deleted.");
    }
  });
});
