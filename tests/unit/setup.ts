// A test that logs console.error unexpectedly fails (as in the Epic Stack).
import { afterEach, beforeEach, vi } from "vitest";

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${JSON.stringify(errors[0]).slice(0, 500)}`);
});
