// Node side of the integration run: the provider fakes on a free port,
// handed to the Worker's bindings through `provide`/`inject`.
import type { TestProject } from "vitest/node";
import { startFakes } from "../fakes/server";

declare module "vitest" {
  export interface ProvidedContext {
    fakesUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakes({ port: 0 });
  project.provide("fakesUrl", fakes.url);
  return async () => {
    await fakes.close();
  };
}
