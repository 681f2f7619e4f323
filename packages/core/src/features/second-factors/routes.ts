/**
 * The second-factor handlers (PROTOCOL §13), carried by `SecondFactors()`: the registry's second-factor
 * rows take the GET or the POST one, which picks the step by path and loads its module when first asked for.
 */
import type { Adapter, AdapterMethod } from "../../adapter.js";
import type { AuthContext } from "../../config/context.js";
import { MissingAdapter, UnknownAction, type AuthError } from "../../errors.js";
import type { AuthRequest } from "../../http/request.js";
import type { ResponseInternal } from "../../types/response.js";
import { secondFactorMethods } from "./adapter-methods.js";

const endpoints = () => import("./endpoints.js");
const challenge = () => import("./challenge.js");

function unknownStep(req: AuthRequest): never {
  throw new UnknownAction(`${req.method} second-factor/${req.providerId ?? ""} is not an action Latch serves.`);
}

/** `GET second-factor` (the challenge page), `GET second-factor/enrol` (the management page) and `GET second-factor/email-sign-in`. */
export async function getSecondFactor(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId === undefined) return (await challenge()).challengePageAction(ctx, req);
  if (req.providerId === "enrol") return (await endpoints()).managePageAction(ctx, req);
  if (req.providerId === "email-sign-in") return (await challenge()).emailSignInPageAction(ctx, req);
  return unknownStep(req);
}

/** `POST second-factor` (the challenge's answer), `POST second-factor/<enrol|confirm|cancel|remove|backup-codes>` and `POST second-factor/email-sign-in`. */
export async function postSecondFactor(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId === undefined) return (await challenge()).challengeAnswerAction(ctx, req);
  if (req.providerId === "email-sign-in") return (await challenge()).emailSignInAction(ctx, req);
  const action = (await endpoints()).enrolmentActions[req.providerId];
  return action ? action(ctx, req) : unknownStep(req);
}

/** The configuration check of `SecondFactors()`: an adapter with the methods of adapter-methods.ts. */
export function checkSecondFactors(adapter: Adapter | undefined, needs: Set<AdapterMethod>): AuthError | null {
  if (!adapter) return new MissingAdapter("Second factors need an adapter to store them; set `adapter` in the config.");
  for (const method of secondFactorMethods) needs.add(method);
  // The sign-in step-up counts a waiting sign-in's answers in verification tokens; the emailed-code
  // sign-in looks its user up by address.
  for (const method of ["createVerificationToken", "useVerificationToken", "getUserByEmail"] as const) needs.add(method);
  return null;
}
