import type { AdapterUser } from "../../adapter.js";
import { normalizeEmail } from "../../security/email-address.js";
import type { WebAuthnGetUserInfo, WebAuthnUserInfo } from "../../types/providers.js";

/** The address by Latch's one rule for addresses, or `null` for anything that is not one. */
function emailOf(value: unknown): string | null {
  try {
    return normalizeEmail(value);
  } catch {
    return null;
  }
}

/** The default `getUserInfo`: the `email` field, looked up through the adapter; no email → no user. */
export const defaultGetUserInfo: WebAuthnGetUserInfo = async ({ fields, getUserByEmail }): Promise<WebAuthnUserInfo> => {
  const email = emailOf(fields.email);
  if (!email) return null;
  const existing: AdapterUser | null = await getUserByEmail(email);
  return existing ? { user: existing, exists: true } : { user: { email }, exists: false };
};

/** Which ceremony an options request asks for. */
export type WebAuthnAction = "register" | "authenticate";

/**
 * Decides the ceremony: `authenticate` is always allowed; `register` only for the signed-in user
 * (another authenticator) or, signed out, for an email no user has. Without an explicit action, a
 * signed-out request authenticates unless it names an unknown email, which registers. `null` when
 * the request makes no sense (a signed-in request without an action, a registration without a user).
 */
export function decideAction(action: WebAuthnAction | undefined, signedIn: boolean, info: WebAuthnUserInfo): WebAuthnAction | null {
  const exists = info?.exists ?? false;
  if (action === "authenticate") return "authenticate";
  if (action === "register") return info?.user && signedIn === exists ? "register" : null;
  if (signedIn) return null;
  return info?.user && !exists ? "register" : "authenticate";
}
