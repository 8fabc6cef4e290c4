// Issue 31 item 4: the venue's identity, edited by staff. The brand colour carries white text on
// buttons and the header, so it must keep WCAG AA contrast with white (4.5:1), like the app's teal.

/** The app's own primary colour (theme.ts teal, shade 8): what a venue without a brand colour shows. */
export const DEFAULT_BRAND_COLOR = "#077352";

export const MIN_WHITE_CONTRAST = 4.5;

export const VENUE_IDENTITY_MESSAGES = {
  brandColor: "Enter the brand colour as #rrggbb (for example #077352)",
  brandContrast: `The brand colour is too light: white text on it must reach ${MIN_WHITE_CONTRAST}:1 contrast. Choose a darker shade.`,
  logoType: "The logo must be a JPEG, PNG, GIF or WebP image",
  logoSize: "The logo must be 2 MB or smaller",
  waiverType: "The waiver must be a PDF file",
  waiverSize: "The waiver must be 5 MB or smaller",
} as const;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const WAIVER_MAX_BYTES = 5 * 1024 * 1024;

const HEX_RE = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb | null {
  const m = HEX_RE.exec(hex.toLowerCase());
  return m
    ? [Number.parseInt(m[1] ?? "", 16), Number.parseInt(m[2] ?? "", 16), Number.parseInt(m[3] ?? "", 16)]
    : null;
}

const hexOf = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of white text on `hex` (1 to 21), or null when `hex` is not #rrggbb. */
export function whiteContrast(hex: string): number | null {
  const rgb = rgbOf(hex);
  return rgb ? 1.05 / (luminance(rgb) + 0.05) : null;
}

/** Null when the colour will do, else the message that says why not. */
export function brandColorProblem(hex: string): string | null {
  const contrast = whiteContrast(hex);
  if (contrast === null) return VENUE_IDENTITY_MESSAGES.brandColor;
  return contrast < MIN_WHITE_CONTRAST ? VENUE_IDENTITY_MESSAGES.brandContrast : null;
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/**
 * Ten shades for the theme (Mantine's scale, 0 lightest): tints of the colour towards white for
 * backgrounds and borders, the colour itself at 8 (filled buttons, white text) and darker at 9
 * (text on the light tints, hovers), so a colour that passes `brandColorProblem` keeps AA there too.
 */
export function brandShades(hex: string): string[] {
  const rgb = rgbOf(hex) ?? (rgbOf(DEFAULT_BRAND_COLOR) as Rgb);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const tints = [0.93, 0.85, 0.72, 0.58, 0.45, 0.32, 0.18].map((t) => hexOf(mix(rgb, white, t)));
  return [...tints, hexOf(mix(rgb, white, 0.06)), hexOf(rgb), hexOf(mix(rgb, black, 0.15))];
}
