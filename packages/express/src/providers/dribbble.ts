/** `@latch/core/providers/dribbble`, also at `@latch/express/providers/dribbble` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/dribbble";
export { default } from "@latch/core/providers/dribbble";
