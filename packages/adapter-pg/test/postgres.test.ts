import { runAdapterTests } from "@latch/adapter-test";
import { needService, randomDatabaseName, schemaPool, services } from "@latch/testing";
import { describe, expect, test } from "vitest";
import { PostgresAdapter } from "../src/adapter.js";
import { migrate } from "../src/migrations.js";
import { tableReaders } from "./store.js";

const schema = randomDatabaseName();

describe.runIf(await needService(services.postgres))("PostgresAdapter on PostgreSQL", () => {
  // Every connection of the pool works in the run's own schema.
  const pool = schemaPool(schema);

  runAdapterTests({
    adapter: PostgresAdapter(pool),
    db: {
      async connect() {
        await pool.query(`CREATE SCHEMA ${schema}`);
        await migrate(pool);
      },
      async disconnect() {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
      ...tableReaders(pool),
    },
  });

  test("migrate can run again on an existing schema", async () => {
    await expect(migrate(pool)).resolves.toEqual({ emailCollisions: [] });
    const { rows } = await pool.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
      [schema],
    );
    expect(rows.map((row: { table_name: string }) => row.table_name)).toEqual([
      "accounts",
      "api_keys",
      "audit_events",
      "authenticators",
      "invitations",
      "latch_migrations",
      "members",
      "oauth_provider_models",
      "organization_roles",
      "organizations",
      "passwords",
      "scim_group_members",
      "scim_groups",
      "scim_users",
      "second_factors",
      "sessions",
      "signing_keys",
      "sso_connections",
      "sso_domains",
      "sso_logout_requests",
      "sso_requests",
      "sso_sessions",
      "sso_used_assertions",
      "team_members",
      "teams",
      "user_standings",
      "users",
      "verification_token",
    ]);
  });
});
