/**
 * Compile-time checks of the catalogues' types, run by the type check (`tsc`): a language must
 * carry every key, may carry no unknown key, and overrides accept only known keys.
 */
import { adminEnglish } from "../admin/english.js";
import type { AuthConfig } from "../../types/config.js";
import type { Language, Messages } from "../../types/language.js";
import { coreEnglish } from "../../languages/english/core.js";
import { apiKeyEnglish } from "../api-keys/english.js";
import { organizationEnglish } from "../organizations/english.js";
import { passwordEnglish } from "../passwords/english.js";
import { secondFactorEnglish } from "../second-factors/english.js";
import { sessionControlEnglish } from "../session-control/english.js";
import en from "./en.js";
import fr from "./fr.js";

const { signInTitle: _dropped, ...missingOne } = en.messages;

export const incomplete: Language = {
  code: "xx",
  name: "Incomplete",
  dir: "ltr",
  // @ts-expect-error a language without `signInTitle` is refused
  messages: missingOne,
};

export const unknownKey: Language = {
  code: "xx",
  name: "Extra",
  dir: "ltr",
  // @ts-expect-error a key English does not have is refused
  messages: { ...en.messages, signInTitel: "typo" },
};

export const badDirection: Language = {
  ...fr,
  // @ts-expect-error the direction is ltr or rtl
  dir: "ttb",
};

export const overrides: AuthConfig["messages"] = {
  en: { signInTitle: "Log in" },
  // @ts-expect-error an override names a known key
  fr: { signInTitel: "Connexion" },
};

export const locales: AuthConfig["locale"][] = ["fr", (request: Request) => request.headers.get("x-lang") ?? undefined, async () => "ar"];

// @ts-expect-error a locale function returns a tag or undefined
export const badLocale: AuthConfig["locale"] = () => 42;

export const complete: Messages = fr.messages;

// Core's English and each feature's English together give every key an English sentence: a key
// added to `Messages` must get one in core's English or in a feature's (and its key union).
export const everyKeyHasEnglish: Messages = { ...coreEnglish.messages, ...passwordEnglish, ...secondFactorEnglish, ...sessionControlEnglish, ...apiKeyEnglish, ...organizationEnglish, ...adminEnglish };

// @ts-expect-error core's English alone lacks the features' sentences
export const coreAlone: Messages = coreEnglish.messages;

// @ts-expect-error a feature's English holds only that feature's keys
export const featureWithCoreKey: typeof passwordEnglish = { ...passwordEnglish, signInTitle: "Sign in" };
