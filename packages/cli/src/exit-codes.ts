/**
 * The exit codes of `latch`, the same for every command.
 *
 * - 0: done, nothing to report;
 * - 1: the command ran and found something to act on (a configuration problem, pending
 *   migrations) or refused to act (an `AUTH_SECRET` already there without `--force`);
 * - 2: the command line is wrong (unknown command or option, a missing value);
 * - 3: the command could not run (the database is unreachable, a migration failed, the config
 *   module failed to load, a package it needs is not installed).
 */
export const exitCodes = { ok: 0, found: 1, usage: 2, failed: 3 } as const;

/** One of {@link exitCodes}. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A wrong command line: reported with the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A command that could not run: reported with its message, exit code 3. */
export class CommandFailed extends Error {
  override readonly name = "CommandFailed";
}
