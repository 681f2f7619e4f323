/** `@latch/core/providers/simplelogin`, also at `@latch/sveltekit/providers/simplelogin` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/simplelogin";
export { default } from "@latch/core/providers/simplelogin";
