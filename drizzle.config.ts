import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied with `wrangler d1 migrations apply`
// (npm run db:migrate), so D1 records them in its own d1_migrations table.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
