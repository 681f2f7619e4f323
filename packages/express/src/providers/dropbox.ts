/** `@latch/core/providers/dropbox`, also at `@latch/express/providers/dropbox` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/dropbox";
export { default } from "@latch/core/providers/dropbox";
