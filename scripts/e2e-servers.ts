/**
 * Starts the end-to-end suite's servers ahead of it, in the background, exactly as
 * playwright.config.ts would (`e2eServers`), so `npm test` (scripts/test.sh) can start them
 * while the integration suite runs and Playwright then finds them up
 * (E2E_REUSE_SERVERS=1). Each server runs in its own process group, its output in
 * .wrangler/e2e-server-<port>.log; the group ids are printed, one per line, for the caller
 * to stop them (`kill -- -<id>`). `npx playwright test` alone still starts its own.
 *
 * `--wait`: starts nothing; waits until every server answers its health URL (5 minutes at most).
 */
import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { e2eServers } from "../playwright.config";

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

if (process.argv.includes("--wait")) {
  const deadline = Date.now() + 300_000;
  for (const { url } of e2eServers()) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) {
        console.error(`e2e-servers: ${url} did not answer in 5 minutes (.wrangler/e2e-server-*.log)`);
        process.exit(1);
      }
      await sleep(500);
    }
  }
} else {
  mkdirSync(".wrangler", { recursive: true });
  for (const server of e2eServers()) {
    const log = openSync(`.wrangler/e2e-server-${server.env.PORT}.log`, "w");
    const child = spawn("sh", ["-c", server.command], {
      detached: true,
      stdio: ["ignore", log, log],
      env: { ...process.env, ...server.env },
    });
    child.unref();
    console.log(child.pid);
  }
}
