/** `@latch/core/providers/passkey`, also at `@latch/sveltekit/providers/passkey` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/passkey";
export { default } from "@latch/core/providers/passkey";
