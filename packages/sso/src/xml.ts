/** Reading SAML messages' XML: a strict parse and an element's own children by namespace and name. */
import { DOMParser } from "@xmldom/xmldom";

/** The document's root element, or `null` for text that is not well-formed XML (a warning is ignored, an error is not). */
export function parseXml(xml: string): Element | null {
  const errors: string[] = [];
  const keep = (message: string) => void errors.push(message);
  let doc: ReturnType<DOMParser["parseFromString"]> | undefined;
  try {
    doc = new DOMParser({ errorHandler: { warning: () => {}, error: keep, fatalError: keep } }).parseFromString(xml, "text/xml");
  } catch {
    errors.push("unreadable");
  }
  return errors.length || !doc?.documentElement ? null : (doc.documentElement as unknown as Element);
}

/** The element children of `node` named `name` in namespace `ns` (not deeper ones). */
export function children(node: Node, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as Element).namespaceURI === ns && (child as Element).localName === name) found.push(child as Element);
  }
  return found;
}
