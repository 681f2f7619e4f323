/**
 * The English sentences of the API-keys page. `ApiKeys()` carries a loader of this module, so
 * they are bundled only with it; while the option is configured they are the last fallback of
 * every page's language.
 */
import type { ApiKeyMessageKey, FeatureEnglish } from "../../types/language.js";

/** The API-keys page's sentences in English. */
export const apiKeyEnglish: FeatureEnglish<ApiKeyMessageKey> = {
  apiKeysTitle: "API keys",
  apiKeysIntro: "A key lets a script or another service act for you. Anyone who holds it can use it: keep it secret, and revoke a key you no longer need.",
  apiKeysNone: "You have no API keys yet.",
  apiKeysCreatedOn: "Created {date}",
  apiKeysExpiresOn: "expires {date}",
  apiKeysNoExpiry: "does not expire",
  apiKeysLastUsed: "last used {date}",
  apiKeysNeverUsed: "not used yet",
  apiKeysScopesList: "Scopes: {scopes}",
  apiKeysNoScopes: "No scopes",
  apiKeysRevoke: "Revoke",
  apiKeysNewHeading: "New key",
  apiKeysNameLabel: "Name",
  apiKeysScopesLabel: "Scopes",
  apiKeysScopesHint: "Separate scopes with spaces. Leave empty for none.",
  apiKeysExpiryLabel: "Expires",
  apiKeysExpiryNever: "Never",
  apiKeysExpiryDays: "In {days} days",
  apiKeysCreate: "Create key",
  apiKeysCopyNow: "Copy your new key now: it is shown only this once, and it cannot be shown again.",
  apiKeysDoneRevoked: "The key was revoked: it no longer works.",
  apiKeysErrorInvalid: "The key was not made: give a name of 1 to 100 characters and scopes of letters, digits and :._-/* only.",
};
