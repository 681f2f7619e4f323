/**
 * The gate every session passes when it starts (`openSession` of `signin/complete.ts`), called
 * directly and through `completeSignIn` with a context resolved from a real config, JWT sessions
 * without an adapter: what the session records as earned (read back from its token), when the
 * step-up of second factors is asked to hold the sign-in, to read and to forget the mailbox mark
 * of a password (a recording stand-in for `SecondFactors()`'s step-up), and the plugins' hooks.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import Credentials from "@latch/core/providers/credentials";
import { decode, encode } from "@latch/core/jwt";
import { definePlugin } from "@latch/core/plugins";
import type { AuthConfig } from "@latch/core";
import { resolveConfig } from "../../src/config/resolve.js";
import type { AuthRequest } from "../../src/http/request.js";
import { completeSignIn, openSession, type SignedIn, type VerifiedSignIn } from "../../src/signin/complete.js";
import type { Cookie } from "../../src/types/cookies.js";
import { callbackRow } from "./callback-row.js";

const origin = "http://localhost:3000";
const secret = "open-session-secret-0123456789abcdefghij";
const cookieName = "authjs.session-token";
const home = `${origin}/home`;
const now = 1_800_000_000;

afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<AuthConfig> = {}) {
  return resolveConfig(
    {
      secret,
      trustHost: true,
      session: { strategy: "jwt" },
      providers: [Credentials({ authorize: () => null })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      ...overrides,
    } as AuthConfig,
    new URL(origin),
  );
}
type Ctx = ReturnType<typeof setup>;

/** A context whose second factors are the recording stand-in: `held` is what holdSignIn answers, `mailbox` what mailboxPassword does. */
function withStepUp(ctx: Ctx, held: object | null = null, mailbox = false) {
  const calls = { hold: [] as unknown[], mailbox: [] as unknown[], forget: [] as unknown[] };
  const stepUp = {
    holdSignIn: async (_ctx: unknown, _req: unknown, signedIn: SignedIn) => (calls.hold.push(signedIn.user.id), held),
    mailboxPassword: async (_ctx: unknown, userId: string) => (calls.mailbox.push(userId), mailbox),
    forgetMailboxPassword: async (_ctx: unknown, userId: string) => void calls.forget.push(userId),
  };
  // The gate finds the step-up through the configured features' records, as SecondFactors() carries it.
  return { ctx: { ...ctx, features: [...ctx.features, { stepUp: async () => stepUp }] } as unknown as Ctx, calls };
}

async function request(claims?: Record<string, unknown>, row: AuthRequest["row"] = callbackRow): Promise<AuthRequest> {
  const url = new URL(`${origin}/auth/callback/credentials`);
  const cookies: Record<string, string> = claims ? { [cookieName]: await encode({ token: claims, secret, salt: cookieName }) } : {};
  return { url, method: "POST", action: "callback", providerId: "credentials", query: {}, cookies, headers: new Headers(), jsonMode: false, request: new Request(url), row };
}

/** The claims of the session token among `cookies`. */
async function claimsOf(cookies: Cookie[] | undefined): Promise<Record<string, unknown> | undefined> {
  const value = cookies?.find((c) => c.name === cookieName && c.value)?.value;
  return value ? ((await decode({ token: value, secret, salt: cookieName })) as Record<string, unknown>) : undefined;
}
const earnedIn = async (cookies: Cookie[] | undefined) => {
  const claims = await claimsOf(cookies);
  return claims && { auth_time: claims.auth_time, ...("mfa_time" in claims && { mfa_time: claims.mfa_time }), amr: claims.amr };
};

const verified = (ctx: Ctx, more: Partial<VerifiedSignIn> = {}): VerifiedSignIn => ({
  provider: ctx.providers.find((p) => p.id === "credentials")!,
  user: { id: "ada", name: "Ada" },
  account: { type: "credentials", provider: "credentials", providerAccountId: "ada" },
  callbackUrl: home,
  ...more,
});

const signedIn = (more: Partial<SignedIn> = {}): SignedIn => ({
  user: { id: "ada", name: "Ada" },
  eventUser: { id: "ada", name: "Ada" },
  account: { type: "credentials", provider: "credentials", providerAccountId: "ada" },
  isNewUser: false,
  callbackUrl: home,
  proof: { auth_time: 100, amr: ["pwd"] },
  ...more,
});

describe("what the first factor proved", () => {
  test("the methods by account type when the flow named none, at the time of the sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now * 1000 + 999);
    const ctx = setup();
    expect(await earnedIn((await completeSignIn(ctx, await request(), verified(ctx))).cookies)).toStrictEqual({ auth_time: now, amr: ["pwd"] });
    const oauth = verified(ctx, { account: { type: "oauth", provider: "credentials", providerAccountId: "ada" } });
    expect(await earnedIn((await completeSignIn(ctx, await request(), oauth)).cookies)).toStrictEqual({ auth_time: now, amr: [] });
    const unknown = verified(ctx, { account: { type: "something-else" as never, provider: "credentials", providerAccountId: "ada" } });
    expect(await earnedIn((await completeSignIn(ctx, await request(), unknown)).cookies)).toStrictEqual({ auth_time: now, amr: [] });
  });

  test("the methods the flow named replace those of the type", async () => {
    const ctx = setup();
    const answer = await completeSignIn(ctx, await request(), verified(ctx, { methods: ["hwk", "user"] }));
    expect((await earnedIn(answer.cookies))?.amr).toEqual(["hwk", "user"]);
  });

  test("a stored password set through a mailed link adds mbx; the step-up is asked with the user's id as text", async () => {
    const { ctx, calls } = withStepUp(setup(), null, true);
    const mailed = await completeSignIn(ctx, await request(), verified(ctx, { password: true }));
    expect((await earnedIn(mailed.cookies))?.amr).toEqual(["pwd", "mbx"]);
    expect(calls.mailbox).toEqual(["ada"]);
    // The sign-in came from the mailbox: its mark stays.
    expect(calls.forget).toEqual([]);

    const numbered = await completeSignIn(ctx, await request(), verified(ctx, { password: true, user: { id: 7 as never, name: "Seven" } }));
    expect((await earnedIn(numbered.cookies))?.amr).toEqual(["pwd", "mbx"]);
    expect(calls.mailbox).toEqual(["ada", "7"]);
  });

  test("the mailbox mark is not asked about without a password, without a user id, or when mbx is already there", async () => {
    const { ctx, calls } = withStepUp(setup(), null, true);
    expect((await earnedIn((await completeSignIn(ctx, await request(), verified(ctx))).cookies))?.amr).toEqual(["pwd"]);
    for (const id of [undefined, null]) {
      const answer = await completeSignIn(ctx, await request(), verified(ctx, { password: true, user: { id: id as never, name: "No id" } }));
      expect((await earnedIn(answer.cookies))?.amr).toEqual(["pwd"]);
    }
    const fromMailbox = await completeSignIn(ctx, await request(), verified(ctx, { password: true, methods: ["pwd", "mbx"] }));
    expect((await earnedIn(fromMailbox.cookies))?.amr).toEqual(["pwd", "mbx"]);
    expect(calls.mailbox).toEqual([]);
  });

  test("a password that did not come from the mailbox: no mbx, and the mark is forgotten", async () => {
    const { ctx, calls } = withStepUp(setup(), null, false);
    const answer = await completeSignIn(ctx, await request(), verified(ctx, { password: true }));
    expect((await earnedIn(answer.cookies))?.amr).toEqual(["pwd"]);
    expect(calls.mailbox).toEqual(["ada"]);
    expect(calls.forget).toEqual(["ada"]);
  });

  test("without second factors a password sign-in is just pwd", async () => {
    const ctx = setup();
    const answer = await completeSignIn(ctx, await request(), verified(ctx, { password: true }));
    expect((await earnedIn(answer.cookies))?.amr).toEqual(["pwd"]);
  });
});

describe("the gate", () => {
  test("a request whose row does not start sessions is refused", async () => {
    const ctx = setup();
    await expect(openSession(ctx, { ...(await request()), row: undefined }, signedIn())).rejects.toMatchObject({ type: "UndeclaredSessionStart" });
  });

  test("a second factor just answered: mfa_time now, its methods and mfa added to the first factor's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now * 1000);
    const { ctx, calls } = withStepUp(setup());
    const app = await openSession(ctx, await request(), signedIn(), "totp");
    expect(await earnedIn(app.cookies)).toStrictEqual({ auth_time: 100, mfa_time: now, amr: ["pwd", "otp", "mfa"] });
    const emailed = await openSession(ctx, await request(), signedIn({ proof: { auth_time: 100, amr: ["pwd", "otp"] } }), "email");
    expect(await earnedIn(emailed.cookies)).toStrictEqual({ auth_time: 100, mfa_time: now, amr: ["pwd", "otp", "mbx", "mfa"] });
    expect(calls.hold).toEqual([]);
    // Neither came from the mailbox alone: the mark is forgotten both times.
    expect(calls.forget).toEqual(["ada", "ada"]);
  });

  test("a first factor from the mailbox keeps the mark, unless a second factor from elsewhere follows", async () => {
    const { ctx, calls } = withStepUp(setup());
    const mailbox = signedIn({ proof: { auth_time: 100, amr: ["pwd", "mbx"] } });
    await openSession(ctx, await request(), mailbox);
    await openSession(ctx, await request(), mailbox, "email");
    expect(calls.forget).toEqual([]);
    await openSession(ctx, await request(), mailbox, "totp");
    expect(calls.forget).toEqual(["ada"]);
  });

  test("the step-up may hold a fresh sign-in: its answer comes back and no session starts", async () => {
    const held = { redirect: `${origin}/auth/second-factor`, cookies: [] };
    const { ctx, calls } = withStepUp(setup(), held);
    expect(await openSession(ctx, await request(), signedIn())).toBe(held);
    expect(calls.hold).toEqual(["ada"]);
    expect(calls.forget).toEqual([]);
  });

  test("not held: the first factor's proof as it is", async () => {
    const { ctx, calls } = withStepUp(setup());
    const answer = await openSession(ctx, await request(), signedIn({ proof: { auth_time: 100, amr: ["pwd", "hwk"] } }));
    expect(await earnedIn(answer.cookies)).toStrictEqual({ auth_time: 100, amr: ["pwd", "hwk"] });
    expect(calls.hold).toEqual(["ada"]);
    expect(calls.forget).toEqual(["ada"]);
  });

  test("a user without an id: no current session is looked for, no mark forgotten", async () => {
    const { ctx, calls } = withStepUp(setup());
    for (const id of [undefined, null]) {
      const user = { id: id as never, name: "No id" };
      const answer = await openSession(ctx, await request({ sub: "undefined", auth_time: Math.floor(Date.now() / 1000) - 60, amr: ["otp"] }), signedIn({ user, eventUser: user }));
      expect(await earnedIn(answer.cookies)).toStrictEqual({ auth_time: 100, amr: ["pwd"] });
    }
    expect(calls.forget).toEqual([]);
    const numbered = { id: 7 as never, name: "Seven" };
    await openSession(ctx, await request(), signedIn({ user: numbered, eventUser: numbered }));
    expect(calls.forget).toEqual(["7"]);
  });

  test("a user without an id: a session cookie that does not open is not even read (nothing logged)", async () => {
    const logged: unknown[] = [];
    const ctx = setup({ logger: { error: (code) => void logged.push(code), warn: () => {}, debug: () => {} } });
    const req = { ...(await request()), cookies: { [cookieName]: "not-a-token" } };
    const user = { name: "No id" };
    const answer = await openSession(ctx, req, signedIn({ user, eventUser: user }));
    expect(await earnedIn(answer.cookies)).toStrictEqual({ auth_time: 100, amr: ["pwd"] });
    expect(logged).toEqual([]);
    // With an id, the same cookie is read for the current session, and its failure logged.
    await openSession(ctx, req, signedIn());
    expect(logged).toEqual(["JWTSessionError"]);
  });

  test("signing in again in a browser holding the same user's session keeps what it earned, unheld", async () => {
    const { ctx, calls } = withStepUp(setup(), { redirect: `${origin}/auth/second-factor` });
    // Within the absolute lifetime: earlier than the new proof, yet not 30 days ago.
    const t = Math.floor(Date.now() / 1000) - 600;
    const proof = { auth_time: t + 500, amr: ["pwd" as const, "hwk" as const] };
    const before = await request({ sub: "ada", auth_time: t, mfa_time: t + 10, amr: ["otp", "mfa", "pwd"] });
    const again = await openSession(ctx, before, signedIn({ proof }));
    expect(await earnedIn(again.cookies)).toStrictEqual({ auth_time: t, mfa_time: t + 10, amr: ["otp", "mfa", "pwd", "hwk"] });

    const noSecond = await openSession(ctx, await request({ sub: "ada", auth_time: t, amr: ["pwd"] }), signedIn({ proof }));
    expect(await earnedIn(noSecond.cookies)).toStrictEqual({ auth_time: t, amr: ["pwd", "hwk"] });

    // A session that recorded nothing: the new proof, and nothing more.
    const bare = await openSession(ctx, await request({ sub: "ada" }), signedIn({ proof }));
    expect(await earnedIn(bare.cookies)).toStrictEqual(proof);
    expect(calls.hold).toEqual([]);
    expect(calls.forget).toEqual([]);
  });

  test("another user's session is no shortcut: the sign-in is held", async () => {
    const held = { redirect: `${origin}/auth/second-factor` };
    const { ctx, calls } = withStepUp(setup(), held);
    expect(await openSession(ctx, await request({ sub: "bob", auth_time: Math.floor(Date.now() / 1000) - 60, amr: ["pwd"] }), signedIn())).toBe(held);
    expect(calls.hold).toEqual(["ada"]);
  });
});

describe("the plugins' sign-in hooks", () => {
  test("before: sees the user before anything is written; after: the user and whether new", async () => {
    const seen: [string, unknown][] = [];
    const audit = definePlugin({
      id: "audit",
      hooks: {
        beforeSignIn: ({ user, account }) => void seen.push(["before", { user, provider: account.provider }]),
        afterSignIn: ({ user, isNewUser }) => void seen.push(["after", { user, isNewUser }]),
      },
    });
    const ctx = setup({ plugins: [audit] });
    const answer = await completeSignIn(ctx, await request(), verified(ctx));
    expect(answer.redirect).toBe(home);
    expect(seen).toEqual([
      ["before", { user: { id: "ada", name: "Ada" }, provider: "credentials" }],
      ["after", { user: { id: "ada", name: "Ada" }, isNewUser: false }],
    ]);
  });

  test("a plugin refusing in its before hook stops the sign-in", async () => {
    const refusing = definePlugin({ id: "refusing", hooks: { beforeSignIn: () => false } });
    const ctx = setup({ plugins: [refusing] });
    await expect(completeSignIn(ctx, await request(), verified(ctx))).rejects.toMatchObject({ type: "AccessDenied" });
  });

  test("plugins not made with definePlugin carry no code: the sign-in goes on", async () => {
    const ctx = { ...setup(), plugins: [{ id: "bare", hooks: { beforeSignIn: () => false } }] } as unknown as Ctx;
    const answer = await completeSignIn(ctx, await request(), verified(ctx));
    expect(answer.redirect).toBe(home);
    expect(await claimsOf(answer.cookies)).toMatchObject({ sub: "ada" });
  });
});
