/** `@latch/core/providers/vipps`, also at `@latch/express/providers/vipps` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/vipps";
export { default } from "@latch/core/providers/vipps";
