/**
 * The webauthn flow (passkeys) on `@simplewebauthn/server`: `options` answers
 * `GET /webauthn-options/<id>`, `complete` verifies the ceremony POSTed to `/callback/<id>`.
 */
import { WebAuthnVerificationError } from "../../errors.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import type { Flow, FlowInput } from "../../flows/types.js";
import { verifyAuthentication } from "./authenticate.js";
import { consumeChallenge } from "./challenge.js";
import { webauthnOptions } from "./options.js";
import { verifyRegistration } from "./register.js";
import type { WebAuthnProvider } from "./types.js";

async function complete(input: FlowInput<WebAuthnProvider>): Promise<VerifiedSignIn> {
  const action = input.req.body?.action;
  if (action !== "register" && action !== "authenticate") {
    throw new WebAuthnVerificationError('The callback\'s `action` must be "register" or "authenticate".', { cause: { check: "action" } });
  }
  const { payload, cookie } = await consumeChallenge(input.ctx, input.req, input.provider.id);
  return action === "register" ? verifyRegistration(input, payload, cookie) : verifyAuthentication(input, payload, cookie);
}

/** The webauthn flow: options, then a CSRF-checked POST to the callback. */
export const webauthnFlow: Flow = { options: webauthnOptions, complete, callbackNeedsCsrf: true };
