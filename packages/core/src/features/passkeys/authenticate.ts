import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, VerifiedAuthenticationResponse } from "@simplewebauthn/server";
import type { Adapter, AuthenticationMethod } from "../../adapter.js";
import { WebAuthnVerificationError } from "../../errors.js";
import type { VerifiedSignIn } from "../../signin/complete.js";
import type { Cookie } from "../../types/cookies.js";
import type { FlowInput } from "../../flows/types.js";
import { webauthnLibrary } from "./library.js";
import type { ChallengePayload } from "./challenge.js";
import { base64ToBytes, storedCredentialId, stringToTransports } from "./encoding.js";
import { relyingPartyOf } from "./relying-party.js";
import { credentialOf } from "./response.js";
import type { WebAuthnProvider } from "./types.js";

function refuse(message: string, cause?: unknown): never {
  throw new WebAuthnVerificationError(message, { cause: { check: "authentication", ...(cause instanceof Error ? { err: cause } : {}) } });
}

/**
 * Verifies an authentication (WebAuthn L2 §7.2), moves the authenticator's counter and hands
 * over the credential's user and account. Every check runs before the one write (the counter).
 */
export async function verifyAuthentication(
  { ctx, req, provider, callbackUrl }: FlowInput<WebAuthnProvider>,
  challenge: ChallengePayload,
  spentChallenge: Cookie,
): Promise<VerifiedSignIn> {
  if (challenge.registerData) refuse("The challenge was issued for a registration, not an authentication.");
  const response = credentialOf<AuthenticationResponseJSON>(req);
  const adapter = ctx.adapter as Required<Adapter>;

  // §7.2 step 7: look the credential's public key up by its id; an unknown credential is refused.
  let credentialID: string;
  try {
    credentialID = storedCredentialId(response.id);
  } catch (error) {
    refuse("The credential id is not base64url.", error);
  }
  const authenticator = await adapter.getAuthenticator(credentialID);
  if (!authenticator) refuse("No authenticator is registered with this credential id.");

  // §7.2 step 6: the credential must have an owner: its account and that account's user.
  const account = await adapter.getAccount(authenticator.providerAccountId, provider.id);
  if (!account || account.userId !== authenticator.userId) refuse("The authenticator's account is missing or belongs to another user.");
  const user = await adapter.getUser(account.userId);
  if (!user) refuse("The authenticator's user no longer exists.");

  const rp = relyingPartyOf(provider, ctx.origin);
  let verification: VerifiedAuthenticationResponse;
  try {
    // §7.2 steps 11–21 (client data type, challenge, origin, RP id hash, UP/UV flags, signature
    // over authenticator data and client data hash, and the signature counter: when either counter
    // is non-zero the new one must be greater than the stored one, else the authenticator may have
    // been cloned) are run by SimpleWebAuthn with the stored public key and counter.
    verification = await (await webauthnLibrary()).verifyAuthenticationResponse({
      requireUserVerification: provider.authenticationOptions?.userVerification === "required",
      ...provider.verifyAuthenticationOptions,
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: base64ToBytes(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        transports: stringToTransports<AuthenticatorTransportFuture>(authenticator.transports),
      },
    });
  } catch (error) {
    refuse(`The authentication response did not verify: ${(error as Error).message}`, error);
  }
  // §7.2 step 20: the signature must verify with the stored public key.
  if (!verification.verified) refuse("The assertion's signature does not verify.");

  const { newCounter } = verification.authenticationInfo;
  if (newCounter !== authenticator.counter) await adapter.updateAuthenticatorCounter(authenticator.credentialID, newCounter);

  // RFC 8176: a synced passkey is a software-secured key, a device-bound one hardware-secured.
  const key = authenticator.credentialDeviceType === "multiDevice" ? "swk" : "hwk";
  const methods: AuthenticationMethod[] = verification.authenticationInfo.userVerified ? [key, "user"] : [key];
  return { provider, user, account, callbackUrl, cookies: [spentChallenge], methods };
}
