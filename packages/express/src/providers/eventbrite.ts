/** `@latch/core/providers/eventbrite`, also at `@latch/express/providers/eventbrite` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/eventbrite";
export { default } from "@latch/core/providers/eventbrite";
