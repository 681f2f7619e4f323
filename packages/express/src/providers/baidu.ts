/** `@latch/core/providers/baidu`, also at `@latch/express/providers/baidu` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/baidu";
export { default } from "@latch/core/providers/baidu";
