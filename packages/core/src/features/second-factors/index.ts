/**
 * Second factors: an authenticator app's codes (TOTP), single-use backup codes and email codes,
 * asked for after the first factor at sign-in. Nothing here is bundled unless the app turns it on.
 *
 * @module @latch/core/second-factors
 */
import type { AdapterMethod } from "../../adapter.js";
import { checkSecondFactors } from "./routes.js";
import { secondFactorRows } from "./rows.js";
import { featureCode, secondFactorsCode } from "../../symbols.js";
import type { SecondFactorsOption, SecondFactorsOptions } from "../../types/second-factor-options.js";

export type { EmailCodeMessage, FactorKind, SecondFactorsOption, SecondFactorsOptions } from "../../types/second-factor-options.js";
export {
  NotSignedIn, SecondFactorAttempts, SecondFactorEnrolled, SecondFactorFreshProof, SecondFactorInvalid, SecondFactorKind,
  SecondFactorNotEnrolled, SecondFactorRefusal, type SecondFactorRefusalError,
} from "./errors.js";

/** The cap on wrong codes with its defaults; a `TypeError` for one that is not a positive whole number. */
function wrongAnswersOf(option: SecondFactorsOptions["wrongAnswers"] = {}): { max: number; window: number } {
  const capped = { max: option.max ?? 10, window: option.window ?? 3600 };
  for (const [name, value] of Object.entries(capped)) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`SecondFactors({ wrongAnswers.${name} }) must be a positive whole number.`);
  }
  return capped;
}

/**
 * Turns on second factors (PROTOCOL §13): `POST <base>/second-factor/enrol`, `/confirm`,
 * `/remove` and `/backup-codes`, the management page `GET <base>/second-factor/enrol`, and the
 * challenge at sign-in (`GET|POST <base>/second-factor`). Pass it as `secondFactor`; needs an
 * adapter with the second-factor methods (`listSecondFactors`, …).
 *
 * @example
 * ```ts
 * import { SecondFactors } from "@latch/core/second-factors"
 * const config = { adapter, providers, secondFactor: SecondFactors({ factors: ["totp", "backup"], required: false }) }
 * ```
 */
export function SecondFactors(options: SecondFactorsOptions = {}): SecondFactorsOption {
  const settings = {
    factors: [...new Set(options.factors ?? (["totp", "backup"] as const))],
    required: options.required ?? false,
    rememberDevice: options.rememberDevice,
    issuer: options.issuer,
    sendCode: options.sendCode,
    wrongAnswers: wrongAnswersOf(options.wrongAnswers),
  };
  const option: SecondFactorsOption = {
    [secondFactorsCode]: {
      settings,
      check: checkSecondFactors,
      load: () => import("./endpoints.js"),
      stepUp: () => import("./step-up.js"),
      challenge: () => import("./challenge.js"),
    },
    [featureCode]: {
      rows: secondFactorRows,
      check: (adapter, _session, needs) => checkSecondFactors(adapter, needs as Set<AdapterMethod>),
      stepUp: () => import("./step-up.js"),
      // The English of the second factors' pages and code email.
      english: () => import("./english.js").then((m) => m.secondFactorEnglish),
    },
  };
  return option;
}
