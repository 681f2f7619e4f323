/** `@latch/core/providers/baidu`, also at `@latch/sveltekit/providers/baidu` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/baidu";
export { default } from "@latch/core/providers/baidu";
