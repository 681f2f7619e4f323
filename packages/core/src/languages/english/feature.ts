/**
 * How an opt-in feature brings the English of what it shows: its provider (or option) carries a
 * loader of its sentences under {@link featureEnglish}, and every page's language takes them as
 * its last fallback while the feature is configured. Not in `symbols.ts`, so that an app without
 * such a feature does not carry the symbol in what it loads first. Internal: not exported from
 * the package entry.
 */
import type { Messages } from "../../types/language.js";

/** Where an opt-in feature carries its {@link FeatureEnglishLoader}. */
export const featureEnglish: unique symbol = Symbol("latch.featureEnglish");

/** A loader of a feature's English sentences: a lazy `import()` of its `languages/english/<feature>.ts`. */
export type FeatureEnglishLoader = () => Promise<Partial<Messages>>;
