import type { Adapter, AdapterUser } from "@latch/core/adapters";
import { beforeEach, test, type TestContext } from "vitest";
import { newUser } from "./fixtures.js";
import type { AdapterTestOptions, Departure } from "./types.js";

/** The adapter with the methods a test needs, asserted present. */
export type With<K extends keyof Adapter> = Adapter & Required<Pick<Adapter, K>>;

/** The test that is running now, so that {@link need} can skip it. */
let running: TestContext | undefined;

/** Registers the hook that lets {@link need} skip the running test; call once per suite. */
export function trackRunningTest(): void {
  beforeEach((context) => {
    running = context;
    return () => {
      running = undefined;
    };
  });
}

/**
 * Throws when `options.missing` names a method the adapter has: a declared absence that is not
 * one would skip tests the adapter could run.
 */
export function checkDeclaredMissing({ adapter, missing = {} }: AdapterTestOptions): void {
  const present = Object.keys(missing).filter((method) => typeof adapter[method as keyof Adapter] === "function");
  if (present.length > 0) throw new Error(`runAdapterTests: \`missing\` names ${present.join(", ")}, which the adapter has; remove them from \`missing\``);
}

/** True when the adapter stores WebAuthn authenticators and the suite can read them back. */
export function storesAuthenticators({ adapter, db }: AdapterTestOptions): boolean {
  return typeof adapter.createAuthenticator === "function" && db.authenticator !== undefined;
}

/**
 * Returns the adapter typed with the methods. When one is missing, the running test is skipped
 * with the reason `options.missing` gives for it, or, when that names no reason, fails naming it.
 */
export function need<K extends keyof Adapter>(options: AdapterTestOptions, ...methods: K[]): With<K> {
  const { adapter } = options;
  const missing = methods.find((method) => typeof adapter[method] !== "function");
  if (missing) {
    const reason = options.missing?.[missing];
    if (reason && running) running.skip(`skipped: ${reason}`);
    throw new Error(`The adapter does not implement ${String(missing)}`);
  }
  return adapter as With<K>;
}

/**
 * Creates a user through `createUser` and returns the user to expect from then on: the fields
 * passed, with the id `createUser` returned (Latch uses that id, never the one it passed).
 */
export async function signUp(options: AdapterTestOptions, overrides: Partial<AdapterUser> = {}): Promise<AdapterUser> {
  const passed = newUser(overrides);
  const created = await need(options, "createUser").createUser(passed);
  return { ...passed, id: created.id };
}

/**
 * The test of one point of the contract: skipped, its name saying why, when `options.departures`
 * names the point.
 */
export function contractTest(options: AdapterTestOptions, point: Departure, name: string, run: () => Promise<void>): void {
  const reason = options.departures?.[point];
  test.skipIf(!!reason)(reason ? `${name} (skipped: ${reason})` : name, run);
}

/** Calls an adapter method and turns a synchronous throw into a rejected promise. */
export async function settle<T>(run: () => T | PromiseLike<T>): Promise<T> {
  return await run();
}
