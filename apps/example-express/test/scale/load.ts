/**
 * The load: simulated users of the example's credentials provider (user-<n>@example.com, as
 * `EXAMPLE_LOAD_USERS` creates them), each with its own cookie jar and its own client address
 * (sent in `X-Forwarded-For`, which HAProxy extends and the instances read because they trust it).
 * Each user runs rounds of: sign in when signed out, four session reads, one session update, and
 * a sign-out in the second of every four rounds (so that after 4n rounds every user is signed in). Every request is recorded with its status and times, so that a
 * fault's effect can be counted afterwards.
 */
import { createBrowser, type TestBrowser } from "@latch/testing";

/** What a request did. */
export type RequestKind = "csrf" | "signIn" | "read" | "update" | "signOut" | "check";

/** One request of the load: status 0 when no answer came (the connection failed). */
export interface RequestRecord {
  kind: RequestKind;
  status: number;
  /** `performance.now()` when it was sent and when its answer (or failure) came. */
  sent: number;
  done: number;
  user: number;
  /** Why no answer came (status 0). */
  error?: string;
  /** The instance that answered (`app1`…), from HAProxy's `x-served-by`; absent for HAProxy's own answers. */
  servedBy?: string;
  /** A session read of a signed-in user answered 200 without the session (`null`). */
  withoutSession?: boolean;
}

/** Where a simulated user stands, as far as the answers it got tell. */
export type UserState = "signedOut" | "signedIn" | "unknown";

/** A simulated user. */
export interface SimUser {
  readonly index: number;
  readonly email: string;
  state: UserState;
  browser: TestBrowser;
  csrfToken: string | undefined;
}

/** The recorder and the users of one load. */
export interface Load {
  readonly origin: string;
  readonly users: SimUser[];
  readonly records: RequestRecord[];
  /** Runs `rounds` rounds for every user at once; `onRequest` is called after each answer. */
  run(rounds: number, onRequest?: () => void): Promise<void>;
  /** Reads every signed-in user's session once: the users whose session is gone. */
  checkSessions(): Promise<{ checked: number; lost: number[]; unknown: number }>;
}

/** The address a user's requests come from: 10.<net>.<n>.<n>, one per user and per `net` (0–255). */
export const clientAddress = (user: number, net = 100) => `10.${net}.${(user >> 8) & 255}.${user & 255}`;

/** The simulated users of a load through `origin`, signed out, with no request sent yet. */
export function createLoad(options: { origin: string; users: number; net?: number }): Load {
  const { origin } = options;
  const records: RequestRecord[] = [];
  const users: SimUser[] = Array.from({ length: options.users }, (_, i) => ({
    index: i + 1,
    email: `user-${i + 1}@example.com`,
    state: "signedOut",
    browser: createBrowser({ headers: { "x-forwarded-for": clientAddress(i + 1, options.net) } }),
    csrfToken: undefined,
  }));
  let notify: (() => void) | undefined;

  async function send(user: SimUser, kind: RequestKind, path: string, init?: RequestInit): Promise<Response | undefined> {
    const signedIn = user.state === "signedIn";
    const sent = performance.now();
    let response: Response | undefined;
    let error: string | undefined;
    try {
      response = await user.browser.fetch(`${origin}${path}`, init);
    } catch (thrown) {
      const cause = (thrown as { cause?: { code?: string; message?: string } }).cause;
      error = cause?.code ?? cause?.message ?? String(thrown);
    }
    // The body is read here, so that `done` is when the whole answer came.
    const body = response ? await response.text().catch(() => "") : "";
    const withoutSession = signedIn && (kind === "read" || kind === "check") && response?.status === 200 && !body.includes(`"${user.email}"`);
    const servedBy = response?.headers.get("x-served-by") ?? undefined;
    records.push({ kind, status: response?.status ?? 0, sent, done: performance.now(), user: user.index, ...(servedBy ? { servedBy } : {}), ...(error ? { error } : {}), ...(withoutSession ? { withoutSession } : {}) });
    notify?.();
    return response && new Response(body, { status: response.status, headers: response.headers });
  }

  async function csrf(user: SimUser): Promise<string | undefined> {
    const response = await send(user, "csrf", "/auth/csrf");
    if (response?.status !== 200) return undefined;
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  async function signIn(user: SimUser): Promise<void> {
    user.csrfToken ??= await csrf(user);
    if (!user.csrfToken) return;
    const response = await send(user, "signIn", "/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ csrfToken: user.csrfToken, email: user.email, password: "correct horse", callbackUrl: `${origin}/` }),
    });
    if (!response || response.status >= 500) user.state = "unknown";
    else if (response.status === 302 && response.headers.get("location") === `${origin}/`) user.state = "signedIn";
  }

  async function read(user: SimUser, kind: RequestKind = "read"): Promise<boolean | undefined> {
    const response = await send(user, kind, "/auth/session");
    if (response?.status !== 200) return undefined;
    const session = (await response.json()) as { user?: { email?: string } } | null;
    return session?.user?.email === user.email;
  }

  async function update(user: SimUser): Promise<void> {
    if (!user.csrfToken) return;
    await send(user, "update", "/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ csrfToken: user.csrfToken, data: { seen: Date.now() } }),
    });
  }

  async function signOut(user: SimUser): Promise<void> {
    if (!user.csrfToken) return;
    const response = await send(user, "signOut", "/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ csrfToken: user.csrfToken, callbackUrl: `${origin}/` }),
    });
    if (response?.status === 302) user.state = "signedOut";
    else user.state = "unknown";
  }

  async function round(user: SimUser, n: number): Promise<void> {
    if (user.state !== "signedIn") {
      // An unknown state is settled by the session read: signed in or not.
      if (user.state === "unknown") {
        const found = await read(user);
        if (found !== undefined) user.state = found ? "signedIn" : "signedOut";
      }
      if (user.state !== "signedIn") await signIn(user);
    }
    if (user.state !== "signedIn") return;
    for (let i = 0; i < 4; i++) await read(user);
    await update(user);
    if (n % 4 === 1) await signOut(user);
  }

  return {
    origin,
    users,
    records,
    async run(rounds, onRequest) {
      notify = onRequest;
      await Promise.all(
        users.map(async (user) => {
          for (let n = 0; n < rounds; n++) await round(user, n);
        }),
      );
      notify = undefined;
    },
    async checkSessions() {
      const lost: number[] = [];
      const signedIn = users.filter((user) => user.state === "signedIn");
      const unknown = users.filter((user) => user.state === "unknown").length;
      await Promise.all(
        signedIn.map(async (user) => {
          if ((await read(user, "check")) !== true) lost.push(user.index);
        }),
      );
      return { checked: signedIn.length, lost, unknown };
    },
  };
}

/** The `p`-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
