/**
 * An SMTP email provider without a server (`Nodemailer({ server: process.env.EMAIL_SERVER })`
 * with the variable unset) is a configuration error named before any email is attempted, not a
 * "check the address" for the user and a TypeError in the log.
 */
import { PGlite } from "@electric-sql/pglite";
import { PostgresAdapter, migrate } from "@latch/pg";
import Nodemailer from "@latch/core/providers/nodemailer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, baseConfig, quietLogger } from "./client.js";

describe("an SMTP provider without a server", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  test("the email sign-in answers the Configuration page and logs MissingEmailTransport naming the provider", async () => {
    const { logs, logger } = quietLogger();
    const emailServer: string | undefined = undefined; // process.env.EMAIL_SERVER, unset
    const config = baseConfig({ logger, adapter: PostgresAdapter(db), providers: [Nodemailer({ server: emailServer, from: "Shop <no-reply@shop.test>" })] });
    const client = new Client(config);
    const page = await client.fetch("/auth/signin");
    expect(page.status).toBe(500);
    expect(await page.text()).toMatch(/configuration/i);
    expect(logs.error.map(([code]) => code)).toEqual(["MissingEmailTransport"]);
    const [, [error]] = logs.error[0]!;
    expect((error as Error).message).toMatch(/"nodemailer" has no `server`.*EMAIL_SERVER/);
  });

  test("with a server the same config has no problem", async () => {
    const { logs, logger } = quietLogger();
    const config = baseConfig({ logger, adapter: PostgresAdapter(db), providers: [Nodemailer({ server: "smtp://127.0.0.1:2525", from: "Shop <no-reply@shop.test>" })] });
    expect((await new Client(config).fetch("/auth/signin")).status).toBe(200);
    expect(logs.error).toEqual([]);
  });
});
