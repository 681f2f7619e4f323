/**
 * The adapter methods second factors need: the option's configuration check adds them to what
 * the adapter must have (routes.ts), and the store guards them where they are called (storage.ts).
 */
export const secondFactorMethods = [
  "getUser", "listSecondFactors", "replaceSecondFactors", "confirmSecondFactor", "useTotpStep", "countSecondFactorAttempt", "deleteSecondFactor",
] as const;
