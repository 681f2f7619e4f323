/** `@latch/core/providers/zitadel`, also at `@latch/sveltekit/providers/zitadel` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/zitadel";
export { default } from "@latch/core/providers/zitadel";
