import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { WebAuthnVerificationError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";

/**
 * The browser's `PublicKeyCredential` as JSON, from the callback's `data` field (a JSON string in
 * a form, or an object in a JSON body). Only its outer shape is checked here; the verification
 * functions check the rest.
 */
export function credentialOf<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(req: AuthRequest): T {
  const raw = req.body?.data;
  let data: unknown = raw;
  if (typeof raw === "string") {
    try {
      data = JSON.parse(raw);
    } catch {
      data = undefined;
    }
  }
  const candidate = data as { id?: unknown; rawId?: unknown; response?: unknown; type?: unknown } | undefined;
  // WebAuthn L2 §7.1 step 3 / §7.2 step 3: the response must be a public-key credential with a response object.
  if (!candidate || typeof candidate !== "object" || typeof candidate.id !== "string" || !candidate.response || typeof candidate.response !== "object") {
    throw new WebAuthnVerificationError("The callback's `data` is not a WebAuthn credential.", { cause: { check: "shape" } });
  }
  return candidate as T;
}
