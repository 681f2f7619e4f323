/** `@latch/core/providers/click-up`, also at `@latch/express/providers/click-up` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/click-up";
export { default } from "@latch/core/providers/click-up";
