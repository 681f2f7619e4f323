import { checkCommand } from "./check.js";
import { loadEnvFiles } from "./env-files.js";
import { CommandFailed, exitCodes, UsageError, type ExitCode } from "./exit-codes.js";
import { migrateCommand } from "./migrate/index.js";
import type { Io } from "./output.js";
import { providersCommand } from "./providers.js";
import { secretCommand } from "./secret.js";

/** What `latch help` prints. */
export const usage = `Usage: latch <command> [options]

  secret [--print] [--force] [--file <path>]
      Writes AUTH_SECRET (32 random bytes, base64url) to .env.local, or prints it with --print.
      Refuses to replace an AUTH_SECRET already there without --force.
  migrate plan|apply|status [--url <url> | --pglite <dir> | --typeorm <engine> --url <url> | --drizzle <dialect> --url <url> | --kysely <dialect> --url <url> | --prisma <provider> --url <url> [--migrations <dir>]] [--schema <name>]
      The schema of @latch/pg (PostgreSQL through --url or DATABASE_URL, or PGlite) or of
      @latch/typeorm (engine: postgres, mysql, mariadb, sqlite; for SQLite the URL is the file).
      --drizzle or --kysely postgres|mysql|mariadb|sqlite: the tables @latch/drizzle or
      @latch/kysely use on it (@latch/pg's on PostgreSQL, with --url or --pglite; @latch/typeorm's
      on the others).
      --prisma postgresql|mysql|sqlite: what the database lacks of @latch/prisma's models, and
      the Prisma Migrate steps that add it (Prisma keeps the history: apply only prints them).
      plan prints the SQL of the pending migrations, apply runs them, status lists them.
  check [--config <module>] [--prisma-schema <path>]
      Loads the config module (its default export or \`authConfig\`) and reports what would fail;
      with a Prisma schema and @latch/prisma, the models and fields the schema lacks.
  providers [--json] [--type <type>]
      Lists the provider presets and the environment variables each reads.

migrate and check read .env.local, then .env, in the current folder; the environment wins.

Exit codes: 0 done; 1 something to act on (a problem, pending migrations, a refusal);
2 wrong command line; 3 could not run (database, config module, missing package).
Colours only on a terminal; NO_COLOR turns them off.`;

const commands: Record<string, (args: string[], io: Io) => ExitCode | Promise<ExitCode>> = {
  secret: secretCommand,
  migrate: migrateCommand,
  check: checkCommand,
  providers: providersCommand,
};

/** The commands that read the app's environment (DATABASE_URL, AUTH_SECRET, provider settings). */
const readsEnvFiles = new Set(["migrate", "check"]);

/** Runs one command line and returns its exit code; every message goes through `io`. */
export async function run(argv: string[], io: Io): Promise<ExitCode> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.out.line(usage);
    return name ? exitCodes.ok : exitCodes.usage;
  }
  const command = commands[name];
  try {
    if (!command) throw new UsageError(`Unknown command "${name}".`);
    // The commands that read the app's settings see them as the app does in development.
    if (readsEnvFiles.has(name)) loadEnvFiles(io.cwd, io.env);
    return await command(args, io);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof UsageError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))) {
      io.err.line(`${io.err.style("red", "✗")} ${(error as Error).message}`);
      io.err.line();
      io.err.line(usage);
      return exitCodes.usage;
    }
    const message = error instanceof CommandFailed ? error.message : `${(error as Error).name}: ${(error as Error).message}`;
    io.err.line(`${io.err.style("red", "✗")} ${message}`);
    return exitCodes.failed;
  }
}
