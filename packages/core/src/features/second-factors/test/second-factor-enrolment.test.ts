/**
 * Enrolment and management of second factors through `Auth()`, on `@latch/pg` over PGlite: an
 * authenticator app is enrolled (QR code, key, nothing active until its first code), confirmed
 * (backup codes answered once), used as a fresh proof (a code's time step works once), removed
 * only with a fresh proof; backup codes work once; email codes are sent through a real SMTP
 * server, stored hashed, and refuse the sixth answer without checking it.
 */
import { PGlite } from "@electric-sql/pglite";
import { type SmtpTestServer } from "@latch/testing";
import { Auth, setClientAddress, type Adapter, type AdapterUser, type AuthConfig } from "@latch/core";
import fr from "@latch/core/languages/fr";
import Nodemailer from "@latch/core/providers/nodemailer";
import { MemoryRateLimitStore, RateLimit } from "@latch/core/rate-limit";
import { SecondFactors } from "@latch/core/second-factors";
import { describe, expect, test } from "vitest";
import { resolveConfig } from "../../../config/resolve.js";
import { routeOf } from "../../../limits/routes.js";
import { withRow } from "../../../../test/registry-rows.js";
import { sendEmailCode } from "../email-code.js";
import { listFactors, verifyEmailCode, verifySecondFactor } from "../factors.js";
import { Client, origin, quietLogger, secret } from "../../../../test/client.js";
import { clientPost, enrolTotp, rightPasswordCredentials, stepNow, totp, usePgliteAdapter, useSmtpServer, type JsonPost } from "../../../../test/second-factor-client.js";

let db: PGlite;
let adapter: Adapter;
let smtp: SmtpTestServer;
usePgliteAdapter((running) => ({ db, adapter } = running));
useSmtpServer((running) => (smtp = running));

interface Seen {
  enrolled: string[];
  removed: string[];
}

function config(strategy: "jwt" | "database", seen: Seen = { enrolled: [], removed: [] }, extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    adapter,
    session: { strategy },
    logger: quietLogger().logger,
    providers: [
      rightPasswordCredentials(adapter),
      Nodemailer({ server: smtp.url, from: "Latch <no-reply@example.com>" }),
    ],
    secondFactor: SecondFactors({ factors: ["totp", "backup", "email"], issuer: "Latch Test" }),
    events: {
      factorEnrolled: ({ kind }) => void seen.enrolled.push(kind),
      factorRemoved: ({ kind }) => void seen.removed.push(kind),
    },
    ...extra,
  };
}

let users = 0;
async function newUser(): Promise<AdapterUser> {
  users += 1;
  return adapter.createUser!({ id: crypto.randomUUID(), email: `enrol-${users}@example.com`, emailVerified: new Date(), name: null, image: null });
}

/** A signed-in user (no factor yet) and a JSON poster of their browser. */
async function signedIn(cfg: AuthConfig): Promise<{ user: AdapterUser; client: Client; post: JsonPost }> {
  const user = await newUser();
  const client = new Client(cfg);
  await client.signIn({ email: user.email, password: "right" });
  return { user, client, post: clientPost(client) };
}

async function rows(userId: string): Promise<{ kind: string; secret: string; confirmedAt: Date | null }[]> {
  return (await db.query<{ kind: string; secret: string; confirmedAt: Date | null }>(`SELECT kind, secret, "confirmedAt" FROM second_factors WHERE "userId" = $1`, [userId])).rows;
}

describe("enrolling an authenticator app", () => {
  test("enrol answers the otpauth URI, the key and a QR code; nothing is active until the first code", async () => {
    const cfg = config("jwt");
    const { user, client, post } = await signedIn(cfg);
    const enrol = await post("/auth/second-factor/enrol", { kind: "totp" });
    expect(enrol.status).toBe(200);
    const body = (await enrol.json()) as { kind: string; id: string; secret: string; uri: string; qr: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(body.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Latch Test:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: body.secret, issuer: "Latch Test", algorithm: "SHA1", digits: "6", period: "30" });
    expect(body.qr).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);

    // Stored sealed: the table holds neither the key nor anything a code can be computed from without the secret.
    const [stored] = await rows(user.id);
    expect(stored).toMatchObject({ kind: "totp", confirmedAt: null });
    expect(stored!.secret).not.toContain(body.secret);
    expect(stored!.secret.split(".")).toHaveLength(5);

    const listed = await client.fetch("/auth/second-factor/enrol", { headers: { accept: "application/json" } });
    expect(await listed.json()).toEqual({ factors: [{ kind: "email", id: "email", createdAt: user.emailVerified!.toISOString() }] });
  });

  test("a wrong first code is refused; the right one activates the app and answers 10 backup codes once", async () => {
    const seen: Seen = { enrolled: [], removed: [] };
    const cfg = config("jwt", seen);
    const { user, client, post } = await signedIn(cfg);
    const { secret: key } = (await (await post("/auth/second-factor/enrol", { kind: "totp" })).json()) as { secret: string };

    const wrong = await post("/auth/second-factor/confirm", { code: totp(key, stepNow() + 7) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "SecondFactorInvalid" });
    expect(seen.enrolled).toEqual([]);

    const right = await post("/auth/second-factor/confirm", { code: totp(key, stepNow()) });
    expect(right.status).toBe(200);
    const { backupCodes } = (await right.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z1-9]{4}-[a-z1-9]{4}-[a-z1-9]{4}$/);
    expect(seen.enrolled).toEqual(["totp"]);

    // Backup codes are stored as their SHA-256 only.
    const backups = (await rows(user.id)).filter((row) => row.kind === "backup");
    expect(backups).toHaveLength(10);
    for (const row of backups) {
      expect(row.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(backupCodes.some((code) => row.secret.includes(code.replace(/-/g, "")))).toBe(false);
    }

    // Once: confirming again finds nothing waiting, and answers no codes.
    const again = await post("/auth/second-factor/confirm", { code: totp(key, stepNow() + 1) });
    expect(again.status).toBe(404);
    expect(JSON.stringify(await again.json())).not.toContain(backupCodes[0]!);

    const listed = (await (await client.fetch("/auth/second-factor/enrol", { headers: { accept: "application/json" } })).json()) as { factors: { kind: string }[] };
    expect(listed.factors.map((factor) => factor.kind).sort()).toEqual(["backup", "email", "totp"]);

    // A second app is refused while one is set up.
    const second = await post("/auth/second-factor/enrol", { kind: "totp" });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: "SecondFactorEnrolled" });
  });

  test("the management page shows the QR code and the forms; a form enrolment renders it with a CSP", async () => {
    const cfg = config("database", undefined, { languages: [fr] });
    const { client } = await signedIn(cfg);
    const page = await client.fetch("/auth/second-factor/enrol", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Two-step verification");
    expect(html).toContain(`action="${origin}/auth/second-factor/enrol"`);
    expect(html).not.toContain("<svg");

    const enrolled = await client.post("/auth/second-factor/enrol", { csrfToken: await client.csrfToken(), kind: "totp" }, { accept: "text/html" });
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get("content-type")).toMatch(/text\/html/);
    expect(enrolled.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const form = await enrolled.text();
    expect(form).toMatch(/<div class="qr"><svg /);
    expect(form).toContain(`action="${origin}/auth/second-factor/confirm"`);
    expect(form).toMatch(/<code class="key">[A-Z2-7]{32}<\/code>/);

    const french = await client.fetch("/auth/second-factor/enrol", { headers: { accept: "text/html", "accept-language": "fr" } });
    expect(await french.text()).toContain("Validation en deux étapes");
  });

  test("through the page's forms: set up, confirm (codes shown once), a refused removal says why, a removal with a code", async () => {
    const cfg = config("jwt");
    const { user, client } = await signedIn(cfg);
    const form = async (step: string, fields: Record<string, string>) =>
      client.post(`/auth/second-factor/${step}`, { csrfToken: await client.csrfToken(), ...fields }, { accept: "text/html" });

    const enrolled = await (await form("enrol", { kind: "totp" })).text();
    const key = /<code class="key">([A-Z2-7]+)<\/code>/.exec(enrolled)![1]!;
    const wrong = await form("confirm", { code: totp(key, stepNow() + 8) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right.");

    const confirmed = await form("confirm", { code: totp(key, stepNow()) });
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain("Your authenticator app is on.");
    const shown = [...page.matchAll(/<li>([a-z1-9]{4}-[a-z1-9]{4}-[a-z1-9]{4})<\/li>/g)].map((m) => m[1]);
    expect(shown).toHaveLength(10);
    expect(page).toContain(`action="${origin}/auth/second-factor/remove"`);
    expect(page).toContain(`action="${origin}/auth/second-factor/backup-codes"`);
    expect(page).toContain("Backup codes left: 10");

    // Shown once: the page itself never lists the codes again.
    const again = await (await client.fetch("/auth/second-factor/enrol", { headers: { accept: "text/html" } })).text();
    expect(again).not.toContain(shown[0]!);
    expect(again).toContain("Authenticator app: on");

    const refused = await form("remove", { kind: "totp", code: totp(key, stepNow() + 8) });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("First enter a current code");
    expect((await rows(user.id)).filter((row) => row.kind === "totp")).toHaveLength(1);

    const removed = await form("remove", { kind: "totp", code: shown[1]! });
    expect(removed.status).toBe(200);
    const after = await removed.text();
    expect(after).toContain("Removed.");
    expect(after).toContain("Authenticator app: off");
    expect(await rows(user.id)).toEqual([]);
  });

  test("the page leads on to its checked callback URL (where a required enrolment came from), never off the site", async () => {
    const cfg = config("jwt");
    const { client } = await signedIn(cfg);
    const sent = await client.fetch(`/auth/second-factor/enrol?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`, { headers: { accept: "text/html" } });
    const html = await sent.text();
    expect(html).toContain(`<a href="${origin}/dashboard">Continue</a>`);
    expect(html).toContain(`<input type="hidden" name="callbackUrl" value="${origin}/dashboard">`);
    const evil = await new Client(cfg).fetch(`/auth/second-factor/enrol?callbackUrl=${encodeURIComponent("https://evil.example/")}`, { headers: { accept: "text/html" } });
    expect(evil.status).toBe(302);
    const away = await client.fetch(`/auth/second-factor/enrol?callbackUrl=${encodeURIComponent("https://evil.example/")}`, { headers: { accept: "text/html" } });
    const body = await away.text();
    expect(body).not.toContain("evil.example");
    expect(body).toMatch(/<a href="http:\/\/localhost:3000[^"]*">Continue<\/a>/);
  });
});

describe("fresh proof: removal and new backup codes", () => {
  test("a TOTP code's time step works once: the same code, or the one used to confirm, is refused next time", async () => {
    const cfg = config("jwt");
    const { post } = await signedIn(cfg);
    const enrolled = await enrolTotp(post);
    const code = totp(enrolled.secret, stepNow());

    const first = await post("/auth/second-factor/backup-codes", { code });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { backupCodes: string[] }).backupCodes).toHaveLength(10);

    const replay = await post("/auth/second-factor/backup-codes", { code });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    const earlier = await post("/auth/second-factor/backup-codes", { code: totp(enrolled.secret, enrolled.confirmedStep) });
    expect(earlier.status).toBe(403);
  });

  test("new backup codes replace the old ones; each backup code works once", async () => {
    const cfg = config("jwt");
    const { user, post } = await signedIn(cfg);
    const enrolled = await enrolTotp(post);
    const [first, second] = enrolled.backupCodes;

    const renewed = await post("/auth/second-factor/backup-codes", { code: first! });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { backupCodes: string[] }).backupCodes;
    // The old set is gone: a code of it that was never used no longer works.
    expect((await post("/auth/second-factor/backup-codes", { code: second! })).status).toBe(403);

    // A fresh code proves presence once (typed in capitals, without its dashes: still the same code).
    const typed = fresh[0]!.toUpperCase().replace(/-/g, "");
    const removedNothing = await post("/auth/second-factor/remove", { kind: "totp", id: "not-a-factor", code: typed });
    expect(removedNothing.status).toBe(404);
    const reused = await post("/auth/second-factor/remove", { kind: "totp", code: fresh[0]! });
    expect(reused.status).toBe(403);
    expect((await listFactors(resolveConfig(cfg, new URL(`${origin}/auth`)), user.id)).map((f) => f.kind).sort()).toEqual(["backup", "email", "totp"]);
    expect((await rows(user.id)).filter((row) => row.kind === "backup")).toHaveLength(9);
  });

  test("removal without a fresh code is refused (JWT sessions: no recent sign-in to count on); with one it removes the app and its backup codes", async () => {
    const seen: Seen = { enrolled: [], removed: [] };
    const cfg = config("jwt", seen);
    const { user, post } = await signedIn(cfg);
    const enrolled = await enrolTotp(post);

    const bare = await post("/auth/second-factor/remove", { kind: "totp" });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ error: "SecondFactorFreshProof" });
    const wrong = await post("/auth/second-factor/remove", { kind: "totp", code: totp(enrolled.secret, stepNow() + 9) });
    expect(wrong.status).toBe(403);
    expect(seen.removed).toEqual([]);
    expect((await rows(user.id)).filter((row) => row.kind === "totp")).toHaveLength(1);

    const removed = await post("/auth/second-factor/remove", { kind: "totp", code: totp(enrolled.secret, stepNow()) });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: ["totp", "backup"] });
    expect(seen.removed).toEqual(["totp", "backup"]);
    expect(await rows(user.id)).toEqual([]);
  });

  test("codes given as fresh proofs count toward the user's wrong codes: after 10 the 11th is refused unchecked (429), until the window ends", async () => {
    // The rate limits' store, on a clock the test moves; the route's own limit is off here.
    const clock = { now: Date.now() };
    const store = new MemoryRateLimitStore({ now: () => clock.now });
    const cfg = config("jwt", undefined, { rateLimit: RateLimit({ store, routes: { secondFactor: false } }) });
    const { user, post } = await signedIn(cfg);
    const enrolled = await enrolTotp(post);
    for (let i = 0; i < 10; i++) {
      const wrong = await post("/auth/second-factor/backup-codes", { code: "aaaa-aaaa-aaaa" });
      expect(wrong.status).toBe(403);
    }
    const eleventh = await post("/auth/second-factor/backup-codes", { code: enrolled.backupCodes[0]! });
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toMatchObject({ error: "SecondFactorAttempts" });
    // Refused unchecked: the right backup code was not spent.
    expect((await rows(user.id)).filter((row) => row.kind === "backup")).toHaveLength(10);

    clock.now += 3600_000 + 1;
    const later = await post("/auth/second-factor/backup-codes", { code: enrolled.backupCodes[0]! });
    expect(later.status).toBe(200);
  });

  test("database sessions: a session's young age is no fresh proof; a second factor of the last 5 minutes is", async () => {
    const cfg = config("database");
    const { user, post } = await signedIn(cfg);
    await enrolTotp(post);
    // Signed in a minute ago with a first factor only: nothing fresh to count on.
    await db.query(`UPDATE sessions SET "createdAt" = now() - interval '1 minute' WHERE "userId" = $1`, [user.id]);
    const young = await post("/auth/second-factor/remove", { kind: "backup" });
    expect(young.status).toBe(403);
    expect((await rows(user.id)).filter((row) => row.kind === "backup")).toHaveLength(10);

    await db.query(`UPDATE sessions SET mfa_time = extract(epoch from now())::bigint - 60 WHERE "userId" = $1`, [user.id]);
    const recent = await post("/auth/second-factor/remove", { kind: "backup" });
    expect(recent.status).toBe(200);
    expect(await recent.json()).toEqual({ removed: ["backup"] });
    expect((await rows(user.id)).map((row) => row.kind)).toEqual(["totp"]);
  });

  test("with rememberDevice on, a recent sign-in does not count (it may have skipped the second factor): a code is needed", async () => {
    const cfg = config("database", undefined, { secondFactor: SecondFactors({ rememberDevice: { maxAge: 3600 } }) });
    const { user, post } = await signedIn(cfg);
    const enrolled = await enrolTotp(post);
    const bare = await post("/auth/second-factor/remove", { kind: "backup" });
    expect(bare.status).toBe(403);
    expect((await rows(user.id)).filter((row) => row.kind === "backup")).toHaveLength(10);
    expect((await post("/auth/second-factor/remove", { kind: "backup", code: enrolled.backupCodes[0]! })).status).toBe(200);
  });
});

describe("refusals", () => {
  test("signed out: 401 and nothing stored; without the CSRF token: nothing stored", async () => {
    const cfg = config("jwt");
    const stranger = new Client(cfg);
    const anonymous = await clientPost(stranger)("/auth/second-factor/enrol", { kind: "totp" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "NotSignedIn" });
    const anonymousForm = await stranger.post("/auth/second-factor/enrol", { csrfToken: await stranger.csrfToken(), kind: "totp" }, { accept: "text/html" });
    expect(anonymousForm.status).toBe(302);
    expect(anonymousForm.headers.get("location")).toBe(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/auth/second-factor/enrol`)}`);

    const { user, client } = await signedIn(cfg);
    const forged = await client.fetch("/auth/second-factor/enrol", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ kind: "totp" }),
    });
    expect(forged.status).not.toBe(200);
    expect(await rows(user.id)).toEqual([]);
  });

  test("malformed bodies answer 400, never 500", async () => {
    const cfg = config("jwt");
    const { client, post } = await signedIn(cfg);
    for (const body of [{ kind: "sms" }, { kind: 3 }, { kind: "totp", code: 123456 }, { kind: "totp", code: "1".repeat(500) }]) {
      const path = "code" in body ? "/auth/second-factor/remove" : "/auth/second-factor/enrol";
      const response = await post(path, body as Record<string, unknown>);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post("/auth/second-factor/confirm", {})).status).toBe(400);
    const unknown = await client.fetch("/auth/second-factor/nope", { method: "POST" });
    expect(unknown.status).toBe(400);
  });

  test("without SecondFactors() the endpoints are not served", async () => {
    const cfg = config("jwt", undefined, { secondFactor: undefined });
    const { post } = await signedIn(cfg);
    const response = await post("/auth/second-factor/enrol", { kind: "totp" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });

  test("the option needs an adapter with the second-factor methods: a configuration error names what is missing", async () => {
    const { listSecondFactors: _list, ...without } = adapter;
    const lacking = await new Client(config("jwt", undefined, { adapter: without })).fetch("/auth/session", { headers: { "x-auth-return-redirect": "1" } });
    expect(lacking.status).toBe(500);
    expect(JSON.stringify(await lacking.json())).toContain("listSecondFactors");
    const none = await new Client(config("jwt", undefined, { adapter: undefined, providers: [] })).fetch("/auth/session", { headers: { "x-auth-return-redirect": "1" } });
    expect(none.status).toBe(500);
    expect(JSON.stringify(await none.json())).toContain("Second factors need an adapter");
  });

  test("every POST second-factor[/step] falls under the secondFactor rate limit", async () => {
    for (const providerId of [undefined, "enrol", "confirm", "remove", "backup-codes"]) {
      const request = withRow({ method: "POST", action: "second-factor", providerId, query: {}, jsonMode: false, request: new Request(origin) });
      expect(routeOf({ providers: [] }, request)).toEqual({ route: "secondFactor", account: undefined });
    }
    const cfg = config("jwt", undefined, { rateLimit: RateLimit({ routes: { secondFactor: { ip: 2 } } }) });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const request = new Request(`${origin}/auth/second-factor/confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code: "123456" }) });
      setClientAddress(request, "192.0.2.44");
      statuses.push((await Auth(request, cfg as Omit<AuthConfig, "raw">)).status);
    }
    expect(statuses[2]).toBe(429);
    expect(statuses.slice(0, 2)).not.toContain(429);
  });
});

describe("email codes", () => {
  const ctxOf = (cfg: AuthConfig) => resolveConfig(cfg, new URL(`${origin}/auth`));

  async function mailedCode(to: string): Promise<string> {
    const mail = await smtp.waitForMail({ to });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    expect(mail.subject).toContain(code!);
    return code!;
  }

  test("a code goes through the email provider's SMTP server, is stored hashed, works once and expires", async () => {
    const ctx = ctxOf(config("jwt"));
    const user = await newUser();
    await sendEmailCode(ctx, user, "second-factor");
    const code = await mailedCode(user.email);
    const [stored] = await rows(user.id);
    expect(stored).toMatchObject({ kind: "email:second-factor" });
    expect(stored!.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret).not.toContain(code);

    expect(await verifySecondFactor(ctx, user, { code, kind: "email" })).toEqual({ ok: true, kind: "email" });
    expect(await verifySecondFactor(ctx, user, { code, kind: "email" })).toEqual({ ok: false });

    await sendEmailCode(ctx, user, "second-factor");
    const late = await mailedCode(user.email);
    await db.query(`UPDATE second_factors SET expires = now() - interval '1 second' WHERE "userId" = $1`, [user.id]);
    expect(await verifyEmailCode(ctx, user, "second-factor", late)).toBe(false);
  });

  test("after 5 wrong answers the 6th is refused without being checked, even when it is right", async () => {
    const ctx = ctxOf(config("jwt"));
    const user = await newUser();
    await sendEmailCode(ctx, user, "second-factor");
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect(await verifyEmailCode(ctx, user, "second-factor", wrong)).toBe(false);
    expect(await verifyEmailCode(ctx, user, "second-factor", code)).toBe(false);
    expect((await db.query<{ attempts: number }>(`SELECT attempts FROM second_factors WHERE "userId" = $1`, [user.id])).rows[0]!.attempts).toBe(6);

    // A new code starts a new count, and only the newest code works.
    await sendEmailCode(ctx, user, "second-factor");
    const next = await mailedCode(user.email);
    const other = String((Number(next) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 4; i++) expect(await verifyEmailCode(ctx, user, "second-factor", other)).toBe(false);
    expect(await verifyEmailCode(ctx, user, "second-factor", next)).toBe(true);
  });

  test("a code of one purpose does not answer the other; a user without a verified address has no email factor", async () => {
    const ctx = ctxOf(config("jwt"));
    const user = await newUser();
    await sendEmailCode(ctx, user, "sign-in");
    const code = await mailedCode(user.email);
    expect(await verifyEmailCode(ctx, user, "second-factor", code)).toBe(false);
    expect(await verifyEmailCode(ctx, user, "sign-in", code)).toBe(true);

    const unproven = await adapter.createUser!({ id: crypto.randomUUID(), email: `unproven-${users}@example.com`, emailVerified: null, name: null, image: null });
    expect(await listFactors(ctx, unproven.id)).toEqual([]);
  });
});
