/** `@latch/core/providers/gitee`, also at `@latch/sveltekit/providers/gitee` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/gitee";
export { default } from "@latch/core/providers/gitee";
