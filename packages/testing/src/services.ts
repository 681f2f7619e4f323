/**
 * Finds the database servers tests talk to. A suite that needs one runs when it answers,
 * prints "skipped: no server at …" when it does not, and fails instead when
 * `LATCH_REQUIRE_SERVICES=1` (as in CI).
 */
import { connect } from "node:net";

/** A server a test suite may need. */
export interface ServiceAddress {
  /** Human name, used in the skip message. */
  name: string;
  host: string;
  port: number;
}

/** The servers of the development machine and CI; `PGHOST`/`PGPORT`, `MYSQL_HOST`/`MYSQL_PORT` and `REDIS_HOST`/`REDIS_PORT` override them. */
export const services = {
  postgres: { name: "PostgreSQL", host: process.env.PGHOST ?? "127.0.0.1", port: Number(process.env.PGPORT ?? 5432) },
  mariadb: { name: "MariaDB", host: process.env.MYSQL_HOST ?? "127.0.0.1", port: Number(process.env.MYSQL_PORT ?? 3306) },
  redis: { name: "Redis", host: process.env.REDIS_HOST ?? "127.0.0.1", port: Number(process.env.REDIS_PORT ?? 6379) },
} as const satisfies Record<string, ServiceAddress>;

/** True when something accepts TCP connections at the address within `timeoutMs`. */
export function isReachable(address: ServiceAddress, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** True when `LATCH_REQUIRE_SERVICES` asks for missing servers to fail the run. */
export function servicesRequired(): boolean {
  return /^(1|true|yes)$/i.test(process.env.LATCH_REQUIRE_SERVICES ?? "");
}

/**
 * Decides whether a suite that needs `address` runs. Use with `describe.runIf(await needService(...))`.
 * Prints the reason when it skips; throws when the server is missing and services are required.
 */
export async function needService(address: ServiceAddress): Promise<boolean> {
  if (await isReachable(address)) return true;
  const where = `${address.host}:${address.port}`;
  if (servicesRequired()) {
    throw new Error(`${address.name} is required (LATCH_REQUIRE_SERVICES=1) but no server answers at ${where}`);
  }
  console.warn(`skipped: no server at ${where} (${address.name})`);
  return false;
}
