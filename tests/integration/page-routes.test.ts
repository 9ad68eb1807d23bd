/**
 * The page route convention (decision 002): intents are parsed (an unknown
 * one is a 400 with a clear message, never a 500), and not-found is thrown
 * to the route's error boundary with a 404 and the page's own wording.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, login } from "./helpers";

const headers = { Host: "localhost:8787" };
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

let member: string;
let admin: string;

beforeAll(async () => {
  const m = await createUser({ profileCompleted: true });
  member = await login(m.username, m.password);
  const a = await createUser({ isAdmin: true, profileCompleted: true });
  admin = await login(a.username, a.password);
});

describe("page actions parse their intents", () => {
  const cases: [string, () => string, string][] = [
    ["/wari", () => member, "Unknown action"],
    ["/recommendations", () => member, "Unknown action"],
    ["/profile", () => member, "Unknown action"],
    ["/profile-settings", () => member, "Unknown action"],
    ["/challenges?index", () => member, "Unknown action"],
    ["/activities/upload", () => member, "Unknown action"],
    ["/events?index", () => admin, "Unknown intent"],
  ];
  for (const [path, cookie, message] of cases) {
    it(`${path}: an unknown intent is a 400 saying "${message}"`, async () => {
      for (const intent of ["nope", "", "__proto__"]) {
        const res = await call(path, { cookie: cookie(), headers, body: form({ intent }) });
        expect(res.status, `${path} intent=${intent}`).toBe(400);
        expect(await res.text()).toContain(message);
      }
    });
  }

  it("/events/{id}: an unknown intent on the participants form is a 400", async () => {
    const res = await call("/events/1", { cookie: admin, headers, body: form({ intent: "drop-table" }) });
    expect(res.status).toBe(400);
  });
});

describe("not-found is thrown and worded by the route's error boundary", () => {
  const cases: [string, () => string, string][] = [
    ["/challenges/987654", () => member, "Challenge not found"],
    ["/challenges/abc", () => member, "Challenge not found"],
    ["/events/987654", () => member, "Event not found"],
    ["/events/abc/payment", () => member, "Event not found"],
    ["/feedback/history/987654", () => member, "Feedback not found. It may have been deleted."],
    ["/admin/feedback/987654", () => admin, "Feedback not found. It may have been deleted."],
    ["/admin/feedback/abc", () => admin, "Feedback not found. It may have been deleted."],
  ];
  for (const [path, cookie, text] of cases) {
    it(`${path} answers 404 with "${text}"`, async () => {
      const res = await call(path, { cookie: cookie() });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(text);
    });
  }
});
