import { describe, expect, it } from "vitest";
import { createAppContext } from "~workers/load-context";
import type { Env } from "~workers/env";

const env = { DB: {} } as unknown as Env;

describe("createAppContext", () => {
  it("shares answers between the loaders of a GET or HEAD request", () => {
    expect(createAppContext(env, undefined, new Request("http://x/dashboard")).requestMemo).toBeInstanceOf(
      Map,
    );
    expect(
      createAppContext(env, undefined, new Request("http://x/dashboard", { method: "HEAD" })).requestMemo,
    ).toBeInstanceOf(Map);
  });

  it("shares nothing for a request that runs an action (its loaders must see the action's writes), or without a request", () => {
    expect(
      createAppContext(env, undefined, new Request("http://x/profile-settings", { method: "POST" }))
        .requestMemo,
    ).toBeUndefined();
    expect(createAppContext(env).requestMemo).toBeUndefined();
  });
});
