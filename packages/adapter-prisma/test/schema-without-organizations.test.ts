/**
 * An app whose schema predates the organization models (its client generated without them, its
 * database at the API-key migration): `getSessionAndUser` reads sessions as before, since the
 * client refuses the active organization's include before sending anything, and the adapter then
 * reads without it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../src/adapter.js";
import type { PrismaClientLike } from "../src/client.js";
import { deployMigrations, type GeneratedClient } from "./clients.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const folder = join(root, "generated", "sqlite-before-organizations");

/** The SQLite schema without the organization models, `Session.activeOrganizationId`, the later `Session.impersonatedBy` and the relations to them. */
function schemaBefore(): string {
  return readFileSync(join(root, "prisma", "sqlite", "schema.prisma"), "utf8")
    .replace(/output\s*=\s*"[^"]*"/, `output = "./client"`)
    .replace(/^\/\/ Latch: the organizations of[\s\S]*$/m, "")
    .replace(/^\s*(memberships|standing|activeOrganizationId|activeOrganization|impersonatedBy)\s+.*\n/gm, "");
}

describe("PrismaAdapter on a client generated before the organization models (SQLite)", () => {
  let prisma: GeneratedClient & { $disconnect(): Promise<void> };
  const database = mkdtempSync(join(tmpdir(), "latch-prisma-before-"));
  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    const schema = schemaBefore();
    expect(schema).not.toMatch(/Organization|UserStanding/);
    writeFileSync(join(folder, "schema.prisma"), schema);
    // As scripts/generate.mjs runs `prisma generate`: the native schema engine is never needed.
    const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
    const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? join(root, "scripts", "no-schema-engine.sh"), PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
    execFileSync(process.execPath, [cli, "generate", "--schema", join(folder, "schema.prisma")], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
    const { PrismaClient } = (await import(/* @vite-ignore */ join(folder, "client", "client.ts"))) as { PrismaClient: new (options: unknown) => typeof prisma };
    const { PrismaLibSql } = await import("@prisma/adapter-libsql");
    prisma = new PrismaClient({ adapter: new PrismaLibSql({ url: `file:${join(database, "latch.db")}` }) });
    await deployMigrations(prisma, "sqlite", 4);
  }, 120_000);
  afterAll(async () => {
    await prisma?.$disconnect();
    rmSync(database, { recursive: true, force: true });
  });

  test("getSessionAndUser reads the session and its user, without an active organization, every time", async () => {
    const adapter = PrismaAdapter(prisma as unknown as PrismaClientLike);
    const user = await adapter.createUser!({ id: crypto.randomUUID(), email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
    const { sessionToken } = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() + 60_000) });
    for (let read = 0; read < 2; read++) {
      const found = await adapter.getSessionAndUser!(sessionToken);
      expect(found?.user.id).toBe(user.id);
      expect(found?.session.sessionToken).toBe(sessionToken);
      expect(found?.session).not.toHaveProperty("activeOrganization");
    }
  });
});
