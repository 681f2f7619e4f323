/**
 * fast-check arbitraries for hostile HTTP requests to Latch: odd paths (`//`, `%2F`, `..`, case,
 * trailing slashes, absolute-form request targets), spoofed Host and X-Forwarded-* headers, wrong
 * or lying content types, garbage in every cookie Latch reads, and form, JSON, garbage or
 * oversized bodies. Some requests carry a real CSRF pair or session, so that the fuzzer also
 * reaches the checks behind the CSRF check.
 */
import fc from "fast-check";

/** A request as the fuzzer builds it; the targets turn it into a `Request` or raw HTTP bytes. */
export interface FuzzRequest {
  method: string;
  /** The request target: a path with query, or an absolute URL (absolute form). */
  target: string;
  headers: [string, string][];
  cookies: [string, string][];
  body?: string;
}

/** Real values the fuzzer may use, obtained from Latch before the run. */
export interface Seeds {
  /** A CSRF cookie value and its token. */
  csrfCookie: string;
  csrfToken: string;
  /** A valid session cookie value (database session token). */
  sessionToken: string;
}

const actions = ["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options"];
const providerIds = ["credentials", "op", "nodemailer", "passkey", "nope", ""];

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", "%", "%00", "%E0%A4%A", "\u0000", "null", "undefined", "[]", "{}", "__proto__", "constructor", "<script>alert(1)</script>", "a".repeat(5000)),
);

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...actions) },
  { weight: 2, arbitrary: fc.constantFrom(...providerIds) },
  { weight: 1, arbitrary: fc.constantFrom("..", ".", "%2E%2E", "%2F", "SESSION", "SignIn", "Callback", "%73ession", "auth") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
);

const mangledPath = fc
  .tuple(
    fc.constantFrom("/auth", "/auth", "/AUTH", "//auth", "/auth/", "/x/../auth", "/auth%2F", "", "/"),
    fc.array(segment, { maxLength: 3 }),
    fc.constantFrom("/", "//", "%2F"),
    fc.boolean(),
  )
  .map(([base, parts, joiner, trailing]) => `${base}${parts.length ? "/" : ""}${parts.join(joiner)}${trailing ? "/" : ""}`);

/** Routes Latch serves (PROTOCOL §1), so that most requests reach an action. */
const routes = fc.constantFrom(
  "/auth/providers",
  "/auth/session",
  "/auth/csrf",
  "/auth/signin",
  "/auth/signin/credentials",
  "/auth/signin/op",
  "/auth/signin/nodemailer",
  "/auth/signin/passkey",
  "/auth/signout",
  "/auth/callback/credentials",
  "/auth/callback/op",
  "/auth/callback/nodemailer",
  "/auth/callback/passkey",
  "/auth/verify-request",
  "/auth/error",
  "/auth/webauthn-options/passkey",
  "/auth/session/",
  "/auth/callback/op/",
);

const path = fc.oneof({ weight: 3, arbitrary: routes }, { weight: 1, arbitrary: mangledPath });

const callbackUrl = fc.constantFrom(
  "/home",
  "//evil.example/x",
  "/\\evil.example",
  "http://evil.example/",
  "javascript:alert(1)",
  "http://localhost:3000/ok",
  "http://127.0.0.1/ok",
  "data:text/html,hi",
  "",
  "%2F%2Fevil.example",
);

const queryField = fc.oneof(
  fc.tuple(fc.constantFrom("callbackUrl"), callbackUrl),
  fc.tuple(fc.constantFrom("token", "email", "code", "state", "iss", "error", "action", "code_verifier", "provider", "type"), junk),
  fc.tuple(fc.constantFrom("error"), fc.constantFrom("Configuration", "AccessDenied", "Verification", "CredentialsSignin", "x")),
  fc.tuple(fc.constantFrom("action"), fc.constantFrom("register", "authenticate", "REGISTER")),
  fc.tuple(fc.constantFrom("email"), fc.constantFrom("alice@example.com", "bob@example.com", "a@@b", "\"x\"@y.z", " A@EXAMPLE.COM ")),
);

const query = fc.array(queryField, { maxLength: 4 }).map((pairs) => {
  if (!pairs.length) return "";
  return `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
});

const host = fc.constantFrom("localhost:3000", "127.0.0.1", "evil.example", "", "localhost:3000:80", "[::1]", "a b", "localhost:99999", "LOCALHOST:3000", "xn--e1afmkfd.example");

const headerPair = fc.oneof(
  fc.tuple(fc.constantFrom("host"), host),
  fc.tuple(fc.constantFrom("x-forwarded-host", "x-forwarded-proto", "x-forwarded-for", "forwarded", "origin", "referer"), fc.oneof(host, fc.constantFrom("https", "http", "ftp", "https, http", "null"))),
  fc.tuple(fc.constantFrom("x-auth-return-redirect"), fc.constantFrom("1", "true", "")),
  fc.tuple(fc.constantFrom("accept", "user-agent", "accept-language"), fc.constantFrom("*/*", "application/json", "text/html", "", "\u00ff\u00fe")),
);

const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded; charset=latin1",
  "",
);

const cookieName = fc.constantFrom(
  "authjs.session-token",
  "authjs.session-token.0",
  "authjs.session-token.1",
  "authjs.session-token.x",
  "__Secure-authjs.session-token",
  "authjs.csrf-token",
  "__Host-authjs.csrf-token",
  "authjs.callback-url",
  "authjs.pkce.code_verifier",
  "authjs.state",
  "authjs.nonce",
  "authjs.challenge",
);

const b64 = fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), maxLength: 40 });
const jweShaped = fc.tuple(b64, b64, b64, b64, b64).map((parts) => parts.join("."));
const jweHeader = fc
  .constantFrom({ alg: "dir", enc: "A256CBC-HS512" }, { alg: "none" }, { alg: "dir", enc: "A256GCM", kid: "x" }, { alg: "HS256" }, {})
  .map((header) => `${btoa(JSON.stringify(header)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}..AAAA.AAAA.AAAA`);

function cookieValue(seeds: Seeds) {
  return fc.oneof(
    junk.map(encodeURIComponent),
    jweShaped,
    jweHeader,
    fc.constant(seeds.csrfCookie),
    fc.constant(seeds.sessionToken),
    fc.constantFrom("x%7Cy", "%7C", "|", "%ZZ", `${seeds.csrfToken}%7C${"0".repeat(64)}`),
  );
}

const garbage = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.constantFrom("{nope", "[1,2]", "null", "1", "\"s\"", "a=1&a=2&a[b]=3", "%", "=&=&"));

function formFields(seeds: Seeds) {
  const value = fc.oneof(junk, callbackUrl);
  const field = fc.oneof(
    fc.tuple(fc.constant("csrfToken"), fc.oneof({ weight: 3, arbitrary: fc.constant(seeds.csrfToken) }, { weight: 1, arbitrary: junk })),
    fc.tuple(fc.constant("callbackUrl"), callbackUrl),
    fc.tuple(fc.constantFrom("username", "password", "email", "action", "data", "token", "__proto__", "constructor"), value),
    fc.tuple(fc.constant("username"), fc.constantFrom("alice", "bob", "mallory")),
    fc.tuple(fc.constant("password"), fc.constantFrom("wonderland", "wrong")),
    fc.tuple(fc.constant("email"), fc.constantFrom("alice@example.com", "new@example.com", "bad@", "a,b@c.d")),
    fc.tuple(fc.constant("action"), fc.constantFrom("register", "authenticate", "x")),
    fc.tuple(fc.constant("data"), fc.constantFrom("{}", "{nope", '{"id":"x","rawId":"x","response":{},"type":"public-key"}', "null")),
  );
  return fc.array(field, { maxLength: 6 });
}

function body(seeds: Seeds) {
  return fc.oneof(
    { weight: 4, arbitrary: formFields(seeds).map((fields) => ({ type: "application/x-www-form-urlencoded", text: new URLSearchParams(fields).toString() })) },
    { weight: 2, arbitrary: formFields(seeds).map((fields) => ({ type: "application/json", text: JSON.stringify(Object.fromEntries(fields)) })) },
    { weight: 1, arbitrary: fc.tuple(contentType, garbage).map(([type, text]) => ({ type, text })) },
    { weight: 1, arbitrary: fc.tuple(contentType, fc.integer({ min: 64 * 1024, max: 200 * 1024 })).map(([type, size]) => ({ type, text: `csrfToken=${"a".repeat(size)}` })) },
  );
}

/** Requests against Latch mounted at `/auth` of `origin`. */
export function fuzzRequest(seeds: Seeds, origin: string): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("GET", "POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "OPTIONS", "PATCH", "HEAD", "get") }),
      path,
      query,
      absolute: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(origin, "http://evil.example", "https://localhost:3000") }),
      headers: fc.array(headerPair, { maxLength: 3 }),
      cookies: fc.array(fc.tuple(cookieName, cookieValue(seeds)), { maxLength: 4 }),
      csrfPair: fc.boolean(),
      signedIn: fc.boolean(),
      body: fc.option(body(seeds), { freq: 5 }),
      lieAboutType: fc.option(contentType, { freq: 4 }),
    })
    .map((r) => {
      const cookies = [...r.cookies];
      if (r.csrfPair) cookies.unshift(["authjs.csrf-token", seeds.csrfCookie]);
      if (r.signedIn) cookies.unshift(["authjs.session-token", seeds.sessionToken]);
      const headers: [string, string][] = [...r.headers];
      let text: string | undefined;
      if (r.body && r.method !== "GET" && r.method !== "get") {
        text = r.body.text;
        const type = r.lieAboutType ?? r.body.type;
        if (type) headers.push(["content-type", type]);
      }
      const target = `${r.absolute ?? ""}${r.path || "/"}${r.query}`;
      return { method: r.method, target, headers, cookies, body: text };
    });
}
