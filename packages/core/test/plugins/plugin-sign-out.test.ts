/**
 * The plugin API's hold on sessions, through `Auth()` with JWT sessions: `afterSignIn` receives
 * the started session's id (the one `signedIn()` reads back), the `signOut` hook runs at
 * `POST <base>/signout` while the session exists and may send the browser on (an identity
 * provider's logout), a throwing hook leaves the sign-out alone, and an endpoint's
 * `endSessions` revokes a session it names, or answers `false` without revocation.
 */
import type { AuthConfig } from "@latch/core";
import { definePlugin, type SignOutInput } from "@latch/core/plugins";
import { JwtRevocation, type RevocationStore } from "@latch/core/revocation";
import { describe, expect, test } from "vitest";
import { baseConfig, Client, origin } from "../client.js";

function revocationsInMemory(): RevocationStore {
  const sessions = new Set<string>();
  const users = new Map<string, { validAfter: number; except: string | null }>();
  return {
    revokeSession: (userId, sessionId) => void sessions.add(`${userId} ${sessionId}`),
    revokeUser: (userId, validAfter, except) => void users.set(userId, { validAfter, except }),
    check: (userId, sessionId) => ({ revoked: sessions.has(`${userId} ${sessionId}`), validAfter: users.get(userId)?.validAfter ?? null, except: users.get(userId)?.except ?? null }),
  };
}

/** A plugin that records what its hooks saw; `onSignOut` answers the sign-out hook. */
function recorder(onSignOut: (input: SignOutInput) => string | void) {
  const seen = { started: [] as (string | undefined)[], signedOut: [] as SignOutInput[] };
  const plugin = definePlugin({
    id: "recorder",
    hooks: {
      afterSignIn: ({ sessionId }) => void seen.started.push(sessionId),
      signOut: (input) => {
        seen.signedOut.push(input);
        return onSignOut(input);
      },
    },
    endpoints: {
      me: { method: "GET", path: "me", handler: async ({ signedIn, json }) => json(await signedIn()) },
      end: {
        method: "POST",
        path: "end",
        csrf: false,
        handler: async ({ body, endSessions, json }) => json({ ended: await endSessions(String(body?.userId), [String(body?.sessionId)]) }),
      },
    },
  });
  return { plugin, seen };
}

const revoking = (): Partial<AuthConfig> => ({ session: { strategy: "jwt", revocation: JwtRevocation({ store: revocationsInMemory(), cacheSeconds: 0 }) } });

async function signOut(client: Client): Promise<Response> {
  return client.post("/auth/signout", { csrfToken: await client.csrfToken(), callbackUrl: `${origin}/bye` });
}

describe("plugins and the session's end", () => {
  test("afterSignIn gets the session's id; the sign-out hook sees it and sends the browser on", async () => {
    const { plugin, seen } = recorder(() => "https://idp.example.test/logout?x=1");
    const client = new Client(baseConfig({ plugins: [plugin], ...revoking() }));
    expect((await client.signIn()).status).toBe(302);
    const me = (await (await client.fetch("/auth/recorder/me")).json()) as { userId: string; sessionId: string };
    expect(me.sessionId).toEqual(expect.any(String));
    expect(seen.started).toEqual([me.sessionId]);
    const out = await signOut(client);
    expect(out.headers.get("location")).toBe("https://idp.example.test/logout?x=1");
    expect(seen.signedOut).toMatchObject([{ userId: me.userId, sessionId: me.sessionId, callbackUrl: `${origin}/bye` }]);
    expect(await client.session()).toBeNull();
  });

  test("a sign-out hook that throws, or answers nothing, leaves the sign-out as it was", async () => {
    for (const onSignOut of [() => {
      throw new Error("down");
    }, () => undefined]) {
      const { plugin } = recorder(onSignOut);
      const client = new Client(baseConfig({ plugins: [plugin], ...revoking() }));
      await client.signIn();
      expect((await signOut(client)).headers.get("location")).toBe(`${origin}/bye`);
      expect(await client.session()).toBeNull();
    }
  });

  test("signed out already: the hook does not run", async () => {
    const { plugin, seen } = recorder(() => "https://idp.example.test/logout");
    const client = new Client(baseConfig({ plugins: [plugin], ...revoking() }));
    expect((await signOut(client)).headers.get("location")).toBe(`${origin}/bye`);
    expect(seen.signedOut).toEqual([]);
  });

  test("endSessions revokes the session it names; without revocation it answers false", async () => {
    const { plugin } = recorder(() => undefined);
    const client = new Client(baseConfig({ plugins: [plugin], ...revoking() }));
    await client.signIn();
    const me = (await (await client.fetch("/auth/recorder/me")).json()) as { userId: string; sessionId: string };
    const other = new Client(client.config);
    expect(await (await other.post("/auth/recorder/end", me)).json()).toEqual({ ended: null });
    expect(await client.session()).toBeNull();

    const plain = new Client(baseConfig({ plugins: [recorder(() => undefined).plugin] }));
    await plain.signIn();
    expect(await (await plain.post("/auth/recorder/end", { userId: "u", sessionId: "s" })).json()).toEqual({ ended: false });
    expect(await plain.session()).not.toBeNull();
  });
});
