/** The adapter methods API keys need: checked at start (index.ts), called by verifier.ts and manage.ts. */
export const apiKeyMethods = ["createApiKey", "getApiKey", "listApiKeys", "updateApiKey", "deleteApiKey"] as const;
