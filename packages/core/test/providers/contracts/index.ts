// Every preset's contract, by preset id.
import type { PresetContract } from "../contract.js";
import { coreSet } from "./core-set.js";
import { oauthAToL } from "./oauth-a-l.js";
import { oauthMToZ } from "./oauth-m-z.js";
import { openIdConnect } from "./openid-connect.js";

export const contracts: Record<string, PresetContract> = { ...coreSet, ...openIdConnect, ...oauthAToL, ...oauthMToZ };
