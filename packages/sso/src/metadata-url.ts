/**
 * A SAML identity provider's metadata read from its URL (Entra ID, Okta and ADFS publish one):
 * fetched by the server under the outbound policy (`https:` only, public addresses only, no
 * redirects, a size cap, a timeout), validated as uploaded metadata is, and fetched again on an
 * admin's demand or at a sign-in once it is older than the app's maximum age.
 */
import { MetadataUrlRefused, OutboundRefused } from "./errors.js";
import { fetchText, type FetchLimits, type OutboundPolicy } from "./outbound.js";
import { describeIdpMetadata } from "./saml.js";
import type { SsoStore } from "./store.js";
import type { SamlConnectionSettings, SsoConnection } from "./types.js";

/** The limits of a metadata fetch: 512 KiB, 10 seconds (an Entra ID document is about 20 KiB). */
export const metadataLimits: FetchLimits = { maxBytes: 512 * 1024, timeoutMs: 10_000 };

/** The metadata at `url`, validated; throws {@link MetadataUrlRefused} when it is not fetched under the policy or is not IdP metadata. */
export async function fetchIdpMetadata(url: string, policy: OutboundPolicy, limits: FetchLimits = metadataLimits): Promise<{ idpMetadata: string; idpMetadataUrl: string; idpMetadataFetchedAt: string }> {
  let xml: string;
  try {
    xml = await fetchText(url, policy, limits);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new MetadataUrlRefused(`The metadata URL: ${error.message}`, { cause: error });
    throw error;
  }
  try {
    describeIdpMetadata(xml);
  } catch (error) {
    throw new MetadataUrlRefused(`The metadata URL: ${(error as Error).message}`, { cause: error });
  }
  return { idpMetadata: xml, idpMetadataUrl: url, idpMetadataFetchedAt: new Date().toISOString() };
}

/** Fetches the connection's metadata from its URL again and stores it; the updated connection. */
export async function refreshIdpMetadata(store: SsoStore, connection: SsoConnection, policy: OutboundPolicy, limits: FetchLimits = metadataLimits): Promise<SsoConnection> {
  if (!connection.settings.idpMetadataUrl) throw new MetadataUrlRefused("The connection's metadata was uploaded, not read from a URL.");
  const fetched = await fetchIdpMetadata(connection.settings.idpMetadataUrl, policy, limits);
  const settings: SamlConnectionSettings = { ...connection.settings, ...fetched };
  await store.updateConnectionSettings(connection.id, settings);
  return { ...connection, settings };
}

/**
 * The connection with metadata no older than `maxAgeSeconds`: fetched again when older. When that
 * fetch fails, the metadata it has is kept (an identity provider's page being down for a moment
 * does not stop sign-ins; its certificate still has to verify the response).
 */
export async function currentIdpMetadata(store: SsoStore, connection: SsoConnection, policy: OutboundPolicy, maxAgeSeconds: number, onError: (error: unknown) => void): Promise<SsoConnection> {
  const { idpMetadataUrl, idpMetadataFetchedAt } = connection.settings;
  if (!idpMetadataUrl || !idpMetadataFetchedAt) return connection;
  if (Date.now() - new Date(idpMetadataFetchedAt).getTime() < maxAgeSeconds * 1000) return connection;
  try {
    return await refreshIdpMetadata(store, connection, policy);
  } catch (error) {
    onError(error);
    return connection;
  }
}
