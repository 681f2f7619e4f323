/** `@latch/core/providers/freshbooks`, also at `@latch/express/providers/freshbooks` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/freshbooks";
export { default } from "@latch/core/providers/freshbooks";
