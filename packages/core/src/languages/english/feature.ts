/**
 * How an opt-in feature brings the English of what it shows: its provider (or option) carries a
 * loader of its sentences under {@link featureEnglish}, and every page's language takes them as
 * its last fallback while the feature is configured. Not in `symbols.ts`, so that an app without
 * such a feature does not carry the symbol in what it loads first. Internal: not exported from
 * the package entry.
 *
 * A feature's sentences are wired in four places: their keys in `Messages` and in a key union
 * joined to `FeatureMessageKey` (types/language.ts); their English in `english/<feature>.ts`,
 * typed `FeatureEnglish<ItsKeys>` and spread into `en.ts`; their translations in every language;
 * and `[featureEnglish]: () => import(...)` on the object that turns the feature on (a provider;
 * an option is also listed among the carriers in pages/language.ts). A feature whose sentences
 * only its own code shows (the invitation mail of `Organizations()`) lays its English under the
 * chosen language itself instead, so core names it nowhere.
 */
import type { Messages } from "../../types/language.js";

/** Where an opt-in feature carries its {@link FeatureEnglishLoader}. */
export const featureEnglish: unique symbol = Symbol("latch.featureEnglish");

/** A loader of a feature's English sentences: a lazy `import()` of its `features/<name>/english.ts`. */
export type FeatureEnglishLoader = () => Promise<Partial<Messages>>;
