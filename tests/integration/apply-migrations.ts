import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      FAKES_URL: string;
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
