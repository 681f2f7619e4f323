import { randomUUID } from "node:crypto";
import { runAdapterTests } from "@latch/adapter-test";
import { needService, services } from "@latch/testing";
import { DataSource } from "typeorm";
import { describe, expect, test } from "vitest";
import { TypeORMAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations/index.js";
import { TypeORMSchemaMismatch } from "../src/schema-check.js";
import { entities, postgresOptions, randomName, tableReaders } from "./readers.js";

// The tables `@auth/typeorm-adapter` 2.x makes with `synchronize` (TypeORM 0.3), as that version
// creates them: dates are millisecond text in varchar columns, ids uuid, no authenticators.
const authjsTables = {
  sqlite: [
    `CREATE TABLE "users" ("id" varchar PRIMARY KEY NOT NULL, "name" varchar, "email" varchar, "emailVerified" varchar, "image" varchar, CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"))`,
    `CREATE TABLE "verification_tokens" ("id" varchar PRIMARY KEY NOT NULL, "token" varchar NOT NULL, "identifier" varchar NOT NULL, "expires" varchar NOT NULL)`,
    `CREATE TABLE "accounts" ("id" varchar PRIMARY KEY NOT NULL, "userId" varchar NOT NULL, "type" varchar NOT NULL, "provider" varchar NOT NULL, "providerAccountId" varchar NOT NULL, "refresh_token" varchar, "access_token" varchar, "expires_at" bigint, "token_type" varchar, "scope" varchar, "id_token" varchar, "session_state" varchar, CONSTRAINT "FK_3aa23c0a6d107393e8b40e3e2a6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE NO ACTION ON UPDATE NO ACTION)`,
    `CREATE TABLE "sessions" ("id" varchar PRIMARY KEY NOT NULL, "sessionToken" varchar NOT NULL, "userId" varchar NOT NULL, "expires" varchar NOT NULL, CONSTRAINT "UQ_8b5e2ec52e335c0fe16d7ec3584" UNIQUE ("sessionToken"), CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE NO ACTION ON UPDATE NO ACTION)`,
  ],
  mariadb: [
    "CREATE TABLE `users` (`id` uuid NOT NULL, `name` varchar(255) NULL, `email` varchar(255) NULL, `emailVerified` varchar(255) NULL, `image` varchar(255) NULL, UNIQUE INDEX `IDX_97672ac88f789774dd47f7c8be` (`email`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    "CREATE TABLE `accounts` (`id` uuid NOT NULL, `userId` uuid NOT NULL, `type` varchar(255) NOT NULL, `provider` varchar(255) NOT NULL, `providerAccountId` varchar(255) NOT NULL, `refresh_token` varchar(255) NULL, `access_token` varchar(255) NULL, `expires_at` bigint NULL, `token_type` varchar(255) NULL, `scope` varchar(255) NULL, `id_token` varchar(255) NULL, `session_state` varchar(255) NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB",
    "CREATE TABLE `sessions` (`id` uuid NOT NULL, `sessionToken` varchar(255) NOT NULL, `userId` uuid NOT NULL, `expires` varchar(255) NOT NULL, UNIQUE INDEX `IDX_8b5e2ec52e335c0fe16d7ec358` (`sessionToken`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    "CREATE TABLE `verification_tokens` (`id` uuid NOT NULL, `token` varchar(255) NOT NULL, `identifier` varchar(255) NOT NULL, `expires` varchar(255) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB",
    "ALTER TABLE `accounts` ADD CONSTRAINT `FK_3aa23c0a6d107393e8b40e3e2a6` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE NO ACTION ON UPDATE NO ACTION",
    "ALTER TABLE `sessions` ADD CONSTRAINT `FK_57de40bc620f456c7311aa3a1e6` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE NO ACTION ON UPDATE NO ACTION",
  ],
  postgres: [
    `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying, "email" character varying, "emailVerified" character varying, "image" character varying, CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "type" character varying NOT NULL, "provider" character varying NOT NULL, "providerAccountId" character varying NOT NULL, "refresh_token" character varying, "access_token" character varying, "expires_at" bigint, "token_type" character varying, "scope" character varying, "id_token" character varying, "session_state" character varying, CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "sessionToken" character varying NOT NULL, "userId" uuid NOT NULL, "expires" character varying NOT NULL, CONSTRAINT "UQ_8b5e2ec52e335c0fe16d7ec3584" UNIQUE ("sessionToken"), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    `CREATE TABLE "verification_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token" character varying NOT NULL, "identifier" character varying NOT NULL, "expires" character varying NOT NULL, CONSTRAINT "PK_f2d4d7a2aa57ef199e61567db22" PRIMARY KEY ("id"))`,
    `ALTER TABLE "accounts" ADD CONSTRAINT "FK_3aa23c0a6d107393e8b40e3e2a6" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    `ALTER TABLE "sessions" ADD CONSTRAINT "FK_57de40bc620f456c7311aa3a1e6" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
  ],
};

/** Quotes an identifier as the dialect does. */
const quoter = (dialect: keyof typeof authjsTables) => (name: string) => (dialect === "mariadb" ? `\`${name}\`` : `"${name}"`);

const verified = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
const expires = new Date(Date.UTC(2031, 5, 6, 7, 8, 9, 10));

/** Makes the Auth.js tables with a user (no email), a session and a token in Auth.js's form, and migrates them. */
async function authjsDatabase(dataSource: DataSource, dialect: keyof typeof authjsTables, userId: string): Promise<void> {
  for (const statement of authjsTables[dialect]) await dataSource.query(statement);
  const p = dialect === "postgres" ? (n: number) => `$${n}` : () => "?";
  const q = quoter(dialect);
  await dataSource.query(`INSERT INTO ${q("users")} (${q("id")}, ${q("name")}, ${q("email")}, ${q("emailVerified")}) VALUES (${p(1)}, 'Ada', NULL, ${p(2)})`, [userId, String(verified.getTime())]);
  await dataSource.query(`INSERT INTO ${q("sessions")} (${q("id")}, ${q("sessionToken")}, ${q("userId")}, ${q("expires")}) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`, [randomUUID(), `token-${userId}`, userId, String(expires.getTime())]);
  const adapter = TypeORMAdapter(dataSource);
  const refused = await Promise.resolve().then(() => adapter.getUser!(userId)).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(TypeORMSchemaMismatch);
  await migrate(dataSource);
  // Read as Auth.js wrote them: millisecond text, a NULL email as "".
  expect(await adapter.getUser!(userId)).toEqual({ id: userId, name: "Ada", email: "", image: null, emailVerified: verified });
  expect((await adapter.getSessionAndUser!(`token-${userId}`))?.session.expires).toEqual(expires);
}

/** The suite on migrated Auth.js tables: every method works with dates kept as millisecond text. */
function suiteOnAuthjsTables(dataSource: DataSource, dialect: keyof typeof authjsTables, before: () => Promise<void>, after: () => Promise<void>) {
  const adapter = TypeORMAdapter(dataSource);
  runAdapterTests({
    adapter,
    db: {
      async connect() {
        await before();
        await authjsDatabase(dataSource, dialect, randomUUID());
        await adapter.getUser!(randomUUID());
      },
      disconnect: after,
      ...tableReaders(dataSource),
    },
  });

  test("dates are written as millisecond text, as @auth/typeorm-adapter reads them", async () => {
    const user = await adapter.createUser!({ id: randomUUID(), name: null, email: `${randomUUID()}@example.com`, image: null, emailVerified: verified });
    await adapter.createSession!({ sessionToken: `s-${user.id}`, userId: user.id, expires });
    const q = quoter(dialect);
    const [row] = (await dataSource.query(`SELECT u.${q("emailVerified")} AS v, s.${q("expires")} AS e FROM ${q("users")} u JOIN ${q("sessions")} s ON s.${q("userId")} = u.${q("id")} WHERE u.${q("id")} = ${dialect === "postgres" ? "$1" : "?"}`, [user.id])) as { v: string; e: string }[];
    expect(row).toEqual({ v: String(verified.getTime()), e: String(expires.getTime()) });
  });
}

describe("TypeORMAdapter on @auth/typeorm-adapter's tables after migrate (SQLite)", () => {
  const dataSource = new DataSource({ type: "better-sqlite3", database: ":memory:", entities });
  suiteOnAuthjsTables(dataSource, "sqlite", () => dataSource.initialize().then(() => undefined), () => dataSource.destroy());
});

describe.runIf(await needService(services.postgres))("TypeORMAdapter on @auth/typeorm-adapter's tables after migrate (PostgreSQL)", () => {
  const schema = randomName();
  const dataSource = new DataSource({
    ...postgresOptions,
    schema,
    // The plain statements below name tables without a schema.
    extra: { options: `-c search_path=${schema}` },
    entities,
  });
  suiteOnAuthjsTables(
    dataSource,
    "postgres",
    async () => {
      await dataSource.initialize();
      await dataSource.query(`CREATE SCHEMA ${schema}`);
    },
    async () => {
      await dataSource.query(`DROP SCHEMA ${schema} CASCADE`);
      await dataSource.destroy();
    },
  );
});

describe.runIf(await needService(services.mariadb))("TypeORMAdapter on @auth/typeorm-adapter's tables after migrate (MariaDB)", () => {
  const database = randomName();
  const connection = { type: "mariadb" as const, host: services.mariadb.host, port: services.mariadb.port, username: "root" };
  const admin = new DataSource({ ...connection, database: "test" });
  const dataSource = new DataSource({ ...connection, database, entities });
  suiteOnAuthjsTables(
    dataSource,
    "mariadb",
    async () => {
      await admin.initialize();
      await admin.query(`CREATE DATABASE \`${database}\``);
      await dataSource.initialize();
    },
    async () => {
      await dataSource.destroy();
      await admin.query(`DROP DATABASE \`${database}\``);
      await admin.destroy();
    },
  );
});
