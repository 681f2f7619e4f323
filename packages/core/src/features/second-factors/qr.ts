/** QR codes of `otpauth://` URIs, drawn as SVG by `uqr` (no dependencies, no canvas, every runtime). */
import { renderSVG } from "uqr";

/** The QR code of `text` as an SVG document string (black on white, with its quiet zone). */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M" });
}
