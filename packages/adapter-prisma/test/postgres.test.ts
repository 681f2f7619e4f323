import { needService, services } from "@latch/testing";
import { describe } from "vitest";
import { runConformance } from "./conformance.js";

const run = await needService(services.postgres);
describe.runIf(run)("PrismaAdapter on PostgreSQL (@prisma/adapter-pg, the committed migrations)", async () => {
  await runConformance("postgresql");
});
