/** `@latch/core/providers/figma`, also at `@latch/express/providers/figma` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/figma";
export { default } from "@latch/core/providers/figma";
