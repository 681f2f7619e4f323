/** `@latch/core/providers/nextcloud`, also at `@latch/sveltekit/providers/nextcloud` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/nextcloud";
export { default } from "@latch/core/providers/nextcloud";
