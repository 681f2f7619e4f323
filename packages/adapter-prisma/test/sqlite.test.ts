import { describe } from "vitest";
import { runConformance } from "./conformance.js";

describe("PrismaAdapter on SQLite (@prisma/adapter-libsql, temporary file, the committed migrations)", async () => {
  await runConformance("sqlite");
});
