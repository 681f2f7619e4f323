import * as samlify from "samlify";
import { startIdp, testKeyPair } from "./idp.ts";
const idp = await startIdp({ keys: testKeyPair("x"), user: { nameId: "a@acme.test", email: "a@acme.test" } });
const sp = samlify.ServiceProvider({ entityID: "http://sp/metadata", assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: "http://sp/acs" }], wantAssertionsSigned: true });
try { console.log((await idp.respond(sp.getMetadata())).slice(0, 50)); } catch (e) { console.log((e as Error).stack); }
await idp.close();
