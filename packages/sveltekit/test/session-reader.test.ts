/**
 * A stand-in for SvelteKit's cookie jar is used here: SvelteKit creates its jar inside the
 * request handling and does not export it, so this unit test gives `sessionReader` an object with
 * the one method it reads (`getAll`). The reader's behaviour in the real app is covered by the
 * example's Chromium suite (pages whose layout and page loads both call `locals.auth()`).
 */
import type { Session } from "@latch/core";
import type { Cookies } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import { sessionReader } from "../src/session.js";

function jar(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  const cookies = { getAll: () => [...values].map(([name, value]) => ({ name, value })) } as unknown as Cookies;
  return { cookies, values };
}

describe("sessionReader", () => {
  it("reads once per request while the cookies stay the same, again when they change", async () => {
    const { cookies, values } = jar({ "authjs.session-token": "a" });
    let reads = 0;
    const auth = sessionReader(cookies, async () => {
      reads += 1;
      return { user: { email: `${values.get("authjs.session-token")}@example.com` }, expires: "" } satisfies Session;
    });
    const [first, second] = await Promise.all([auth(), auth()]);
    expect(first).toBe(second);
    expect(reads).toBe(1);
    values.set("authjs.session-token", "b");
    expect((await auth())?.user?.email).toBe("b@example.com");
    expect(reads).toBe(2);
    values.delete("authjs.session-token");
    await auth();
    expect(reads).toBe(3);
  });
});
