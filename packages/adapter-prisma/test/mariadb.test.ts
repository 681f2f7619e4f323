import { needService, services } from "@latch/testing";
import { describe } from "vitest";
import { runConformance } from "./conformance.js";

const run = await needService(services.mariadb);
describe.runIf(run)("PrismaAdapter on MariaDB (@prisma/adapter-mariadb, the committed migrations)", async () => {
  await runConformance("mysql");
});
