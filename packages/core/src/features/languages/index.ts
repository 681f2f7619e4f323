/**
 * Every language Latch ships for its built-in pages. Importing this module brings all of them
 * into the bundle; import single ones from `@latch/core/languages/<code>` to carry only those.
 *
 * @example
 * ```ts
 * import { languages } from "@latch/core/languages"
 * const config = { providers, languages }
 * ```
 *
 * @module @latch/core/languages
 */
import type { Language } from "../../types/language.js";
import ar from "./ar.js";
import de from "./de.js";
import en from "./en.js";
import es from "./es.js";
import fr from "./fr.js";
import he from "./he.js";
import it from "./it.js";
import ja from "./ja.js";
import ko from "./ko.js";
import nl from "./nl.js";
import pl from "./pl.js";
import pt from "./pt.js";
import ru from "./ru.js";
import tr from "./tr.js";
import uk from "./uk.js";
import zh from "./zh.js";

export { ar, de, en, es, fr, he, it, ja, ko, nl, pl, pt, ru, tr, uk, zh };

/** All the shipped languages, English included, by tag. */
export const languages: readonly Language[] = [ar, de, en, es, fr, he, it, ja, ko, nl, pl, pt, ru, tr, uk, zh];
