/**
 * English with every sentence, the opt-in features' included: for an app that builds its own
 * language from it or lists it among `languages`. The pages do not need it: core's English is
 * built in, and each feature brings its own English while it is configured.
 *
 * @example
 * ```ts
 * import en from "@latch/core/languages/en"
 * en.messages.signInTitle // "Sign in"
 * ```
 *
 * @module languages/en
 */
import { coreEnglish } from "../../languages/english/core.js";
import { adminEnglish } from "../admin/english.js";
import { apiKeyEnglish } from "../api-keys/english.js";
import { organizationEnglish } from "../organizations/english.js";
import { passwordEnglish } from "../passwords/english.js";
import { secondFactorEnglish } from "../second-factors/english.js";
import { sessionControlEnglish } from "../session-control/english.js";
import type { Language } from "../../types/language.js";

const en: Language = {
  ...coreEnglish,
  messages: { ...coreEnglish.messages, ...passwordEnglish, ...secondFactorEnglish, ...sessionControlEnglish, ...apiKeyEnglish, ...organizationEnglish, ...adminEnglish },
};

export default en;

// `require()` of this module (CommonJS, Node 20.19+) returns en itself, as `import` gives it.
export { en as "module.exports" };
