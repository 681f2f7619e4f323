// Every preset's contract, by preset id.
import type { PresetContract } from "../contract.js";
import { first } from "./first.js";

export const contracts: Record<string, PresetContract> = { ...first };
