// Security review 2026-11-28 H1 in workerd: archive ZIPs that would make the
// queue consumer decompress hundreds of MB (many central entries naming one
// stream; an entry whose declared size lies) are refused with a plain reason
// and save nothing, while an honest archive built the same way is imported.
// The bytes each refusal decompresses are counted in tests/unit/upload-streaming.test.ts.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, createUser, json, login } from "./helpers";
import { CSV_MSG } from "~/modules/uploads/parse-csv";
import type { UploadView } from "~/modules/uploads/uploads.server";
import { ARCHIVE_CSV, craftZip, deflateRepeat, repeatedLength } from "../unit/support/zip-craft";

const MB = 1024 * 1024;

async function uploadZip(zip: Uint8Array): Promise<UploadView> {
  const user = await createUser();
  const cookie = await login(user.username, user.password);
  const body = new FormData();
  body.append("files", new File([zip as Uint8Array<ArrayBuffer>], "export.zip"));
  expect((await call("/api/uploads", { cookie, body })).status).toBe(202);
  const [done] = await vi.waitFor(
    async () => {
      const { uploads } = await json<{ uploads: UploadView[] }>(await call("/api/uploads", { cookie }));
      if (uploads.some((u) => u.status === "queued")) throw new Error("still queued");
      return uploads;
    },
    { timeout: 20_000, interval: 100 },
  );
  const saved = await env.DB.prepare("SELECT count(*) AS n FROM activities WHERE user_id = ?")
    .bind(user.id)
    .first<{ n: number }>();
  expect(saved!.n).toBe(done!.saved);
  return done!;
}

describe("archive ZIP bombs (H1)", () => {
  it("imports an honest archive built like the bombs below", async () => {
    const data = deflateRepeat(ARCHIVE_CSV, 2 * MB);
    const zip = craftZip({
      data,
      size: repeatedLength(ARCHIVE_CSV, 2 * MB),
      names: ["export/activities.csv"],
    });
    expect(await uploadZip(zip)).toMatchObject({ status: "saved", saved: 2 });
  });

  it("refuses ten central entries naming one stream (10 × 5 MB)", async () => {
    const data = deflateRepeat(ARCHIVE_CSV, 5 * MB);
    const names = Array.from({ length: 10 }, (_, i) => `${i}/activities.csv`);
    const zip = craftZip({ data, size: repeatedLength(ARCHIVE_CSV, 5 * MB), names });
    expect(await uploadZip(zip)).toMatchObject({ status: "refused", saved: 0, message: CSV_MSG.zipManyCsv });
  });

  it("refuses a hundred such entries (100 × 1 MB)", async () => {
    const data = deflateRepeat(ARCHIVE_CSV, MB);
    const names = Array.from({ length: 100 }, (_, i) => `export_${i}/activities.csv`);
    const zip = craftZip({ data, size: repeatedLength(ARCHIVE_CSV, MB), names });
    expect(await uploadZip(zip)).toMatchObject({ status: "refused", saved: 0, message: CSV_MSG.zipManyCsv });
  });

  it("refuses an entry that declares its 150 bytes of CSV and inflates 20 MB", async () => {
    const zip = craftZip({
      data: deflateRepeat(ARCHIVE_CSV, 20 * MB),
      size: ARCHIVE_CSV.length,
      names: ["export/activities.csv"],
    });
    expect(await uploadZip(zip)).toMatchObject({
      status: "refused",
      saved: 0,
      message: CSV_MSG.zipSizeMismatch,
    });
  });
});
