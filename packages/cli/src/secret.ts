import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { exitCodes, type ExitCode } from "./exit-codes.js";
import type { Io } from "./output.js";

/** A new secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

const secretLine = /^(?:export\s+)?AUTH_SECRET\s*=.*$/m;

/**
 * The text of an env file with `AUTH_SECRET` set to `secret`: the existing line replaced, or a
 * line appended (after a newline when the file does not end with one).
 */
export function withSecret(text: string, secret: string): string {
  const line = `AUTH_SECRET=${secret}`;
  if (secretLine.test(text)) return text.replace(secretLine, line);
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  return `${text}${separator}${line}\n`;
}

/** `latch secret [--print] [--force] [--file <path>]` */
export function secretCommand(args: string[], io: Io): ExitCode {
  const { values } = parseArgs({
    args,
    options: { print: { type: "boolean" }, force: { type: "boolean" }, file: { type: "string", default: ".env.local" } },
    strict: true,
  });
  const secret = newSecret();
  if (values.print) {
    io.out.line(`AUTH_SECRET=${secret}`);
    return exitCodes.ok;
  }
  const file = resolve(io.cwd, values.file!);
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (secretLine.test(text) && !values.force) {
    io.err.line(`${io.err.style("red", "✗")} ${values.file} already sets AUTH_SECRET; it is left as it is. Pass --force to replace it (sessions and pending email links signed with the old one stop working).`);
    return exitCodes.found;
  }
  const replaced = secretLine.test(text);
  // The mode applies to a file this creates; an existing file keeps its own.
  writeFileSync(file, withSecret(text, secret), { mode: 0o600 });
  io.out.line(`${io.out.style("green", "✓")} ${replaced ? "Replaced" : "Wrote"} AUTH_SECRET in ${values.file} (32 random bytes, base64url).`);
  return exitCodes.ok;
}
