/** Styles the built-in pages. */
export interface Theme {
  /** `auto` follows the browser's preference. Default `auto`. */
  colorScheme?: "auto" | "dark" | "light";
  /** Absolute URL of a logo shown above the card. */
  logo?: string;
  /**
   * Accent colour: hex, `rgb()`/`hsl()` with numbers, or a CSS colour name. Anything else is
   * ignored; on the pages a name the browser does not know leaves the default colours (it is set
   * under an `@supports` of itself), and the emails take only names CSS defines.
   */
  brandColor?: string;
  /** Text colour on the accent colour (default white), checked as `brandColor` is. */
  buttonText?: string;
}
