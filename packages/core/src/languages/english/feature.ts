/**
 * How an opt-in feature brings the English of what it shows: its record (`featureCode`, on the
 * option or provider that turns it on) carries a loader of its sentences as `english`, and every
 * page's language takes them as its last fallback while the feature is configured.
 *
 * A feature's sentences are wired in four places: their keys in `Messages` and in a key union
 * joined to `FeatureMessageKey` (types/language.ts); their English in `english/<feature>.ts`,
 * typed `FeatureEnglish<ItsKeys>` and spread into `en.ts`; their translations in every language;
 * and `english: () => import(...)` in the record of the object that turns the feature on. A
 * feature whose sentences only its own code shows (the invitation mail of `Organizations()`) lays
 * its English under the chosen language itself instead, so core names it nowhere.
 */
import type { Messages } from "../../types/language.js";

/** A loader of a feature's English sentences: a lazy `import()` of its `features/<name>/english.ts`. */
export type FeatureEnglishLoader = () => Promise<Partial<Messages>>;
