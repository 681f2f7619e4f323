import { parseArgs } from "node:util";
import { exitCodes, UsageError, type ExitCode } from "../exit-codes.js";
import type { Io } from "../output.js";
import { queryBuilderTarget } from "./query-builder.js";
import { pgTarget } from "./pg.js";
import { prismaMigrate } from "./prisma.js";
import { prismaProvider } from "../prisma/package.js";
import { typeormTarget } from "./typeorm.js";
import type { MigrationState, MigrationTarget } from "./types.js";

const kinds: Record<MigrationState["kind"], string> = {
  empty: "no Latch tables yet",
  latch: "a Latch schema",
  unversioned: "a Latch schema made before migrations were recorded",
  authjs: "an Auth.js schema: apply upgrades it in place, keeping every row",
};

function target(values: { url?: string; pglite?: string; schema?: string; typeorm?: string; drizzle?: string; kysely?: string }, env: NodeJS.ProcessEnv): Promise<MigrationTarget> {
  const url = values.url ?? env.DATABASE_URL;
  const named = (["typeorm", "drizzle", "kysely"] as const).filter((flag) => values[flag] !== undefined);
  if (named.length > 1) throw new UsageError(`Name one adapter: ${named.map((flag) => `--${flag}`).join(" or ")}.`);
  for (const adapter of ["drizzle", "kysely"] as const) {
    const dialect = values[adapter];
    if (dialect !== undefined) return queryBuilderTarget(adapter, { dialect, url, pglite: values.pglite, schema: values.schema });
  }
  if (values.typeorm !== undefined) {
    if (!url) throw new UsageError("--typeorm needs --url (or DATABASE_URL); for SQLite, the database file.");
    return typeormTarget({ engine: values.typeorm, url, schema: values.schema });
  }
  if (values.pglite !== undefined) return pgTarget({ pglite: values.pglite, schema: values.schema });
  if (!url) throw new UsageError("Name the database: --url <postgres://…> (or DATABASE_URL), --pglite <dir>, --typeorm <engine> --url <…>, --drizzle <dialect> --url <…> or --kysely <dialect> --url <…>.");
  return pgTarget({ url, schema: values.schema });
}

function printPlan(state: MigrationState, io: Io): void {
  io.out.line(`-- ${state.target}: ${kinds[state.kind]}`);
  if (!state.pending.length) {
    io.out.line("-- Up to date: nothing to apply.");
    return;
  }
  io.out.line("-- `latch migrate apply` runs the migrations below in order, each recorded in latch_migrations,");
  io.out.line("-- under a lock so that concurrent runs apply each one once (statements shown, not run).");
  for (const step of state.prelude) {
    io.out.line();
    io.out.line(`-- ${step.title}`);
    for (const statement of step.statements) io.out.line(`${statement};`);
  }
  for (const migration of state.pending) {
    io.out.line();
    io.out.line(`-- migration ${migration.version}: ${migration.name}${migration.note ? ` (${migration.note})` : ""}`);
    for (const statement of migration.statements) io.out.line(`${statement};`);
  }
}

/**
 * The users whose addresses are spellings of one address, as a warning on stderr: no migration
 * merges them, and sign-in finds only the one already in the stored spelling.
 */
function warnCollisions(state: MigrationState, io: Io): void {
  if (!state.emailCollisions.length) return;
  io.err.line(
    io.err.style("yellow", `Warning: ${state.emailCollisions.length} address(es) belong to several users in different spellings.`) +
      " Migration 9 leaves these users as they are (it never merges accounts); resolve each by hand (merge the users, or change one address):",
  );
  for (const { email, users } of state.emailCollisions) {
    io.err.line(`  ${email}: ${users.map((user) => `${user.id} (${JSON.stringify(user.email)})`).join(", ")}`);
  }
}

function printStatus(state: MigrationState, io: Io): void {
  io.out.line(`${state.target}: ${kinds[state.kind]}`);
  for (const row of state.applied) {
    io.out.line(`  ${io.out.style("green", "applied")}  ${row.version}  ${row.name}${row.appliedAt ? io.out.style("dim", `  ${row.appliedAt}`) : ""}`);
  }
  for (const migration of state.pending) {
    io.out.line(`  ${io.out.style("yellow", "pending")}  ${migration.version}  ${migration.name}${migration.note ? io.out.style("dim", `  (${migration.note})`) : ""}`);
  }
  io.out.line(state.pending.length ? `${state.pending.length} pending: run \`latch migrate apply\`.` : "Up to date.");
}

/** `latch migrate plan|apply|status [--url <url> | --pglite <dir> | --typeorm <engine> --url <url> | --drizzle <dialect> --url <url> | --kysely <dialect> --url <url> | --prisma <provider> --url <url> [--migrations <dir>]] [--schema <name>]` */
export async function migrateCommand(args: string[], io: Io): Promise<ExitCode> {
  const { values, positionals } = parseArgs({
    args,
    options: { url: { type: "string" }, pglite: { type: "string" }, schema: { type: "string" }, typeorm: { type: "string" }, drizzle: { type: "string" }, kysely: { type: "string" }, prisma: { type: "string" }, migrations: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...extra] = positionals;
  if (!action || !["plan", "apply", "status"].includes(action) || extra.length) {
    throw new UsageError("latch migrate takes one of plan, apply, status.");
  }
  if (values.prisma !== undefined) {
    const others = (["typeorm", "drizzle", "kysely"] as const).filter((flag) => values[flag] !== undefined);
    if (others.length) throw new UsageError(`Name one adapter: ${[...others, "prisma"].map((flag) => `--${flag}`).join(" or ")}.`);
    const provider = prismaProvider(values.prisma, "--prisma");
    const url = values.url ?? io.env.DATABASE_URL;
    if (values.pglite !== undefined) throw new UsageError("--prisma reads the database through --url (or DATABASE_URL), not --pglite.");
    if (!url) throw new UsageError(`--prisma ${values.prisma} needs --url (or DATABASE_URL); for SQLite, the database file.`);
    return prismaMigrate(action, { provider, url, schema: values.schema, cwd: io.cwd, migrations: values.migrations }, io);
  }
  if (values.migrations !== undefined) throw new UsageError("--migrations names a Prisma app's migrations folder: use it with --prisma.");
  const database = await target(values, io.env);
  try {
    const state = await database.state();
    if (action === "plan") {
      printPlan(state, io);
      warnCollisions(state, io);
      return exitCodes.ok;
    }
    if (action === "status") {
      printStatus(state, io);
      warnCollisions(state, io);
      return state.pending.length ? exitCodes.found : exitCodes.ok;
    }
    if (!state.pending.length) {
      io.out.line(`${state.target}: up to date, nothing to apply.`);
      warnCollisions(state, io);
      return exitCodes.ok;
    }
    await database.apply(state);
    const after = await database.state();
    const before = new Set(state.applied.map((row) => row.version));
    for (const row of after.applied.filter((row) => !before.has(row.version))) {
      io.out.line(`${io.out.style("green", "✓")} ${row.version} ${row.name}`);
    }
    io.out.line(after.pending.length ? `${after.pending.length} still pending.` : `${after.target}: up to date.`);
    warnCollisions(after, io);
    return after.pending.length ? exitCodes.found : exitCodes.ok;
  } finally {
    await database.close();
  }
}
