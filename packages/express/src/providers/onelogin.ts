/** `@latch/core/providers/onelogin`, also at `@latch/express/providers/onelogin` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/onelogin";
export { default } from "@latch/core/providers/onelogin";
