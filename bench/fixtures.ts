/** Inputs shared by every measured case, so that each implementation gets exactly the same ones. */
export const secret = "bench-secret-bench-secret-bench-secret-0123";
export const base = "http://localhost:3000/auth";
export const user = { id: "1", name: "Bench User", email: "bench@example.com" };
export const sessionCookie = "authjs.session-token";
const csrfCookie = "authjs.csrf-token";
/** The claims of a session token as minted at sign-in, and its lifetime (30 days). */
export const claims = { sub: user.id, name: user.name, email: user.email };
export const maxAge = 30 * 24 * 60 * 60;

/** The names of the cookies a response sets, in order. */
export function setCookieNames(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")));
}

/** `name=value` of the cookie `name` set by `res`; throws when it sets none. */
export function cookiePair(res: Response, name: string): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`expected a ${name} cookie, got: ${setCookieNames(res).join(", ") || "none"}`);
  return found.split(";")[0]!;
}

/** A GET of `<base>/<path>` carrying `cookie` when given. */
export function get(path: string, cookie?: string): Request {
  return new Request(`${base}/${path}`, { headers: cookie ? { cookie } : {} });
}

/** A form POST to `<base>/<path>`, as a browser sends it. */
export function post(path: string, cookie: string, fields: Record<string, string>): Request {
  return new Request(`${base}/${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** Signs a browser in through `handle`: GET /csrf, then the credentials POST with its token. */
export async function signInAsBrowser(handle: (request: Request) => Promise<Response>): Promise<{ csrf: string; csrfToken: string; response: Response }> {
  const res = await handle(get("csrf"));
  const csrf = cookiePair(res, csrfCookie);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { csrf, csrfToken, response: await handle(post("callback/credentials", csrf, { csrfToken })) };
}

/** Throws `message` unless `ok`: the bench refuses to compare implementations that disagree. */
export function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(`bench setup: ${message}`);
}
