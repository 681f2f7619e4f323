/** `@latch/core/providers/roblox`, also at `@latch/express/providers/roblox` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/roblox";
export { default } from "@latch/core/providers/roblox";
