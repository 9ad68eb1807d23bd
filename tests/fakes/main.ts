/**
 * CLI: `npx tsx tests/fakes/main.ts` starts all provider fakes on FAKES_PORT
 * (default 8788) at 127.0.0.1 and stops cleanly on SIGINT/SIGTERM.
 */
import { startFakes } from "./server.js";

async function main(): Promise<void> {
  const port = Number(process.env.FAKES_PORT || 8788);
  const fakes = await startFakes({ port, host: process.env.FAKES_HOST || "127.0.0.1" });
  console.log(`fakes listening on ${fakes.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`fakes: ${signal} received, shutting down`);
    fakes.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("fakes: error while closing", error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("fakes: failed to start", error);
  process.exit(1);
});
