/** `@latch/core/providers/weibo`, also at `@latch/express/providers/weibo` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/weibo";
export { default } from "@latch/core/providers/weibo";
