import type { AuthRequest } from "../../http/request.js";
import type { Profile } from "../../types/entities.js";

/**
 * The `user` field Sign in with Apple posts with the code (`response_mode=form_post`) the first
 * time a user authorizes the app: the name the user typed and the email address. It is not signed.
 */
export interface FormPostUser {
  name?: { firstName?: string; lastName?: string };
  email?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The posted `user` field, parsed, keeping only the documented string fields; `undefined` when
 * there is none, or when it is not a JSON object (invalid input is ignored, not an error).
 */
export function formPostUser(req: Pick<AuthRequest, "method" | "body">): FormPostUser | undefined {
  const raw = req.method === "POST" ? req.body?.user : undefined;
  if (typeof raw !== "string") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const { name, email } = value as { name?: unknown; email?: unknown };
  const user: FormPostUser = {};
  if (name && typeof name === "object") {
    const { firstName, lastName } = name as { firstName?: unknown; lastName?: unknown };
    const first = text(firstName);
    const last = text(lastName);
    if (first || last) user.name = { ...(first ? { firstName: first } : {}), ...(last ? { lastName: last } : {}) };
  }
  const address = text(email);
  if (address) user.email = address;
  return user.name || user.email ? user : undefined;
}

/**
 * The profile with the posted user added as `profile.user`, for the provider's `profile` callback.
 * It only ever goes under `user`: the verified claims (`sub`, `email`, …) stay as the ID token
 * says (OpenID Connect Core 1.0 section 3.1.3.7), and a `user` claim of the token itself wins.
 */
export function withFormPostUser(profile: Profile, user: FormPostUser | undefined): Profile {
  if (!user || "user" in profile) return profile;
  return { ...profile, user };
}

/** Sign in with Apple posts the user's name once, beside the code; it goes under `profile.user` only. */
export const withPostedUser = (profile: Profile, req: Pick<AuthRequest, "method" | "body">): Profile => withFormPostUser(profile, formPostUser(req));
