/** `@latch/core/providers/descope`, also at `@latch/sveltekit/providers/descope` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/descope";
export { default } from "@latch/core/providers/descope";
