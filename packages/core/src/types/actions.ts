/** The actions Latch serves under its base path. */
export type AuthAction =
  | "providers" | "session" | "csrf" | "signin" | "signout" | "callback" | "verify-request" | "error" | "webauthn-options"
  | "sessions" | "link" | "unlink" | "signup" | "verify-email" | "password" | "second-factor" | "email"
  | "token" | "jwks" | "bearer" | "api-keys" | "admin" | "organizations" | "audit" | "scim";
