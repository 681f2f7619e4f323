/** The adapter methods stored signing keys need: checked at start (index.ts), called by stored-keys.ts. */
export const signingKeyMethods = ["listSigningKeys", "createSigningKey"] as const;
