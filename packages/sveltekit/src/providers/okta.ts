/** `@latch/core/providers/okta`, also at `@latch/sveltekit/providers/okta` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/okta";
export { default } from "@latch/core/providers/okta";
