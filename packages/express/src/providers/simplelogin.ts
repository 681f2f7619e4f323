/** `@latch/core/providers/simplelogin`, also at `@latch/express/providers/simplelogin` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/simplelogin";
export { default } from "@latch/core/providers/simplelogin";
