/**
 * Before anything is measured, Latch signs a browser in; the cookies it holds afterwards (CSRF,
 * callback URL, session) and the session token are handed to every implementation, which must
 * read them alike. This shows the cookies carry over and that every implementation is timed
 * doing the same work.
 */
import type { Contender } from "./contender.js";
import { check, claims, cookiePair, get, post, secret, sessionCookie, setCookieNames, signInAsBrowser, user } from "./fixtures.js";

/** The HTTP operations measured. */
export type Endpoint = "session" | "csrf" | "signIn";

/** The inputs every measured case uses, and what each implementation sets on each response. */
export interface Inputs {
  /** The `cookie` header of a browser that fetched /csrf and signed in: CSRF and callback URL. */
  jar: string;
  csrfToken: string;
  /** `authjs.session-token=<token>` */
  session: string;
  /** The session token alone. */
  token: string;
  /** Per contender name: the names of the cookies each endpoint set. */
  setCookies: Map<string, Record<Endpoint, string[]>>;
}

async function mint(latch: Contender): Promise<Omit<Inputs, "setCookies">> {
  const { csrf, csrfToken, response } = await signInAsBrowser(latch.handle);
  const session = cookiePair(response, sessionCookie);
  const jar = `${csrf}; ${cookiePair(response, "authjs.callback-url")}`;
  return { jar, csrfToken, session, token: session.slice(sessionCookie.length + 1) };
}

interface Agreement {
  setCookies: Record<Endpoint, string[]>;
  /** The user of GET /session, as JSON. */
  user: string;
}

async function agree(c: Contender, inputs: Omit<Inputs, "setCookies">, all: Contender[]): Promise<Agreement> {
  const read = await c.handle(get("session", `${inputs.jar}; ${inputs.session}`));
  const body = (await read.json()) as { user?: { name?: string; email?: string } } | null;
  check(body?.user?.name === user.name && body.user.email === user.email, `${c.name} GET /session read ${JSON.stringify(body)} from Latch's session cookie`);

  const csrf = await c.handle(get("csrf", inputs.jar));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  check(csrfToken === inputs.csrfToken, `${c.name} GET /csrf did not accept Latch's CSRF cookie`);

  const signIn = await c.handle(post("callback/credentials", inputs.jar, { csrfToken: inputs.csrfToken }));
  await signIn.text();
  check(signIn.status === 302, `${c.name} sign-in POST answered ${signIn.status}, not a redirect`);
  const minted = cookiePair(signIn, sessionCookie).slice(sessionCookie.length + 1);
  for (const reader of all) {
    const decoded = await reader.decode({ token: minted, secret, salt: sessionCookie });
    check(decoded?.sub === claims.sub && decoded.email === claims.email, `${reader.name} could not decode the session token ${c.name} minted at sign-in`);
  }
  const decoded = await c.decode({ token: inputs.token, secret, salt: sessionCookie });
  check(decoded?.sub === claims.sub && decoded.name === claims.name, `${c.name} decode() could not read Latch's session token`);

  return {
    setCookies: { session: setCookieNames(read), csrf: setCookieNames(csrf), signIn: setCookieNames(signIn) },
    user: JSON.stringify(body.user),
  };
}

/** Mints the shared inputs with Latch (the first contender) and checks that all agree on them. */
export async function sharedInputs(contenders: Contender[]): Promise<Inputs> {
  const inputs = await mint(contenders[0]!);
  const setCookies: Inputs["setCookies"] = new Map();
  const users = new Set<string>();
  for (const c of contenders) {
    const agreement = await agree(c, inputs, contenders);
    setCookies.set(c.name, agreement.setCookies);
    users.add(agreement.user);
  }
  check(users.size === 1, `the implementations return different users for one session cookie: ${[...users].join(" vs ")}`);
  return { ...inputs, setCookies };
}
