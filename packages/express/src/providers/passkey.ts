/** `@latch/core/providers/passkey`, also at `@latch/express/providers/passkey` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/passkey";
export { default } from "@latch/core/providers/passkey";
