/** `@latch/core/providers/zoom`, also at `@latch/express/providers/zoom` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/zoom";
export { default } from "@latch/core/providers/zoom";
