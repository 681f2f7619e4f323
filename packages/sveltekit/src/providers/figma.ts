/** `@latch/core/providers/figma`, also at `@latch/sveltekit/providers/figma` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/figma";
export { default } from "@latch/core/providers/figma";
