// Every preset's contract, by preset id.
import type { PresetContract } from "../contract.js";
import { b1 } from "./b1.js";
import { b2 } from "./b2.js";
import { b3 } from "./b3.js";
import { first } from "./first.js";

export const contracts: Record<string, PresetContract> = { ...first, ...b1, ...b2, ...b3 };
