/**
 * Next.js bundles the integration once per layer (route handlers, pages' server code), so one
 * process holds several copies of its modules; the start-up warning about rate limits without a
 * client address is still said once per process, not once per copy.
 */
import { describe, expect, test } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit } from "@latch/core/rate-limit";

describe("rate-limit-no-client-address", () => {
  test("two copies of the config module in one process warn once between them", async () => {
    // `?layer=…` makes Vite load config.ts as separate modules, as Next.js's layers do.
    const copies = await Promise.all(["route", "page"].map((layer) => import(/* @vite-ignore */ `../src/config.ts?layer=${layer}`) as Promise<typeof import("../src/config.js")>));
    const warnings: string[] = [];
    for (const copy of copies) {
      copy.prepareConfig({
        secret: "next-warn-once-secret-0123456789abcdefghij",
        trustHost: true,
        logger: { error: () => {}, warn: (code) => void warnings.push(code) },
        rateLimit: RateLimit({ lockout: false }),
        providers: [Credentials({ authorize: () => null })],
      });
    }
    expect(warnings).toEqual(["rate-limit-no-client-address"]);
  });
});
