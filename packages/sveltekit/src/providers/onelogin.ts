/** `@latch/core/providers/onelogin`, also at `@latch/sveltekit/providers/onelogin` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/onelogin";
export { default } from "@latch/core/providers/onelogin";
