// Unit tests: pure rules and Node-side tooling (provider fakes, seed SQL).
// The Remix Vite plugin is deliberately absent under Vitest.
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/unit/setup.ts"],
  },
});
