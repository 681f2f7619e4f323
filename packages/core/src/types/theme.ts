/** Styles the built-in pages. */
export interface Theme {
  /** `auto` follows the browser's preference. Default `auto`. */
  colorScheme?: "auto" | "dark" | "light";
  /** Absolute URL of a logo shown above the card. */
  logo?: string;
  /** Accent colour (CSS colour). */
  brandColor?: string;
  /** Text colour on the accent colour. */
  buttonText?: string;
}
