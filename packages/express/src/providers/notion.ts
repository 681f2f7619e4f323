/** `@latch/core/providers/notion`, also at `@latch/express/providers/notion` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/notion";
export { default } from "@latch/core/providers/notion";
