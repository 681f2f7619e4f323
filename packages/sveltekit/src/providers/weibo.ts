/** `@latch/core/providers/weibo`, also at `@latch/sveltekit/providers/weibo` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/weibo";
export { default } from "@latch/core/providers/weibo";
