import { builtinRows } from "../../src/registry/table.js";

/** The callback's row, as the parser attaches it: a hand-made request to the sign-in code carries it, so the gate lets its session start. */
export const callbackRow = builtinRows.find((row) => row.path === "callback" && row.methods.includes("GET"))!;
