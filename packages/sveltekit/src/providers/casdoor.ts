/** `@latch/core/providers/casdoor`, also at `@latch/sveltekit/providers/casdoor` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/casdoor";
export { default } from "@latch/core/providers/casdoor";
