/**
 * How an opt-in feature brings the English of what it shows: it carries a loader of its sentences
 * under {@link featureEnglish}, and every page's language takes them as its last fallback while
 * the feature is configured. Apart from `symbols.ts` so that an app without such a feature does
 * not carry the symbol in what it loads first. Internal: not exported from the package entry.
 */
import type { Messages } from "./types/language.js";

/**
 * Where an opt-in feature (a provider such as `Password()`, or an option) carries its
 * {@link FeatureEnglishLoader}, so that an app without the feature does not bundle its sentences.
 */
export const featureEnglish: unique symbol = Symbol("latch.featureEnglish");

/** A loader of a feature's English sentences (a lazy `import()` of the feature's `english.ts`). */
export type FeatureEnglishLoader = () => Promise<Partial<Messages>>;
