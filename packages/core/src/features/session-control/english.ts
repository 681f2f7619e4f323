/**
 * The English sentences of the "your sessions" page. `SessionControl()` carries a loader of this
 * module, so they are bundled only with it; while the option is configured they are the last
 * fallback of every page's language.
 */
import type { FeatureEnglish, SessionControlMessageKey } from "../../types/language.js";

/** The "your sessions" page's sentences in English. */
export const sessionControlEnglish: FeatureEnglish<SessionControlMessageKey> = {
  sessionsTitle: "Your sessions",
  sessionsUnknownBrowser: "Unknown browser",
  sessionsThisBrowser: "(this browser)",
  sessionsTimes: "Signed in {created} · last active {lastSeen}",
  sessionsUnknownTime: "unknown",
  sessionsEnd: "Sign out this session",
  sessionsEndOthers: "Sign out all other sessions",
  sessionsEndAll: "Sign out everywhere",
};
