/** `@latch/core/providers/wordpress`, also at `@latch/express/providers/wordpress` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/wordpress";
export { default } from "@latch/core/providers/wordpress";
