/** `@latch/core/providers/gitee`, also at `@latch/express/providers/gitee` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/gitee";
export { default } from "@latch/core/providers/gitee";
