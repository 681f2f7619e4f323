/** `@latch/core/providers/cognito`, also at `@latch/sveltekit/providers/cognito` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/cognito";
export { default } from "@latch/core/providers/cognito";
