import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";
import { brandShades, DEFAULT_BRAND_COLOR } from "../domain/venue-identity";

// WCAG 2.x AA contrast (issue 7). Mantine's stock teal, green, orange, cyan, yellow and red are too
// light for small text: white on teal-8 is 3.9:1, teal-9 on teal-1 (light badges, selected cards)
// 4.3:1, yellow-9 on yellow-1 2.7:1. The same hues, darker at the top of the scale, keep every
// filled button and badge (shade 8, white text) and every light one (shade 9 on shade 1) at 4.5:1 or
// more. Shades 0–6 are Mantine's, so borders, tints and hovers look as before.
const darker = (name: keyof typeof DEFAULT_THEME.colors, top: Partial<Record<7 | 8 | 9, string>>) => {
  const shades: string[] = [...(DEFAULT_THEME.colors[name] ?? [])];
  for (const [index, value] of Object.entries(top)) shades[Number(index)] = value;
  return shades as unknown as MantineColorsTuple;
};

const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: 8,
  colors: {
    teal: darker("teal", { 7: "#099268", 8: "#077352", 9: "#066649" }),
    green: darker("green", { 8: "#237a35", 9: "#1b6a2d" }),
    orange: darker("orange", { 8: "#b8440e", 9: "#a83c0c" }),
    cyan: darker("cyan", { 8: "#0b7285", 9: "#085f6f" }),
    yellow: darker("yellow", { 9: "#8a5300" }),
    red: darker("red", { 8: "#c92a2a", 9: "#b02525" }),
  },
  // A filled yellow badge gets dark text instead of white (1.9:1); every other filled colour is
  // dark enough to keep its white text.
  autoContrast: true,
  defaultRadius: "md",
  // One font stack for the text, the headings and the server's first frame (index.html), also set
  // as the style sheet's default (styles.css): a page that switches stacks as its styles arrive
  // looks the fonts up and lays the page out again.
  fontFamily: FONT_STACK,
  // Issue 34 item 2, the type scale (docs/decisions/029): a major third (×1.25) over a 16 px body,
  // the two top steps fluid between a 375 px phone and a 1280 px desktop (h1 26 → 36 px, h2 20 →
  // 26 px), bold for h1–h2 and semibold below (800 read as shouting), tighter leading as text
  // grows, lines balanced.
  headings: {
    fontFamily: FONT_STACK,
    fontWeight: "700",
    textWrap: "balance",
    sizes: {
      h1: { fontSize: "clamp(1.625rem, 1.35rem + 1.15vw, 2.25rem)", lineHeight: "1.15", fontWeight: "700" },
      h2: { fontSize: "clamp(1.25rem, 1.1rem + 0.65vw, 1.625rem)", lineHeight: "1.2", fontWeight: "700" },
      h3: { fontSize: "1.25rem", lineHeight: "1.3", fontWeight: "600" },
      h4: { fontSize: "1.125rem", lineHeight: "1.35", fontWeight: "600" },
      h5: { fontSize: "1rem", lineHeight: "1.4", fontWeight: "600" },
      h6: { fontSize: "0.875rem", lineHeight: "1.4", fontWeight: "600" },
    },
  },
  components: {
    // Modal, drawer and notification close buttons are an icon only: give them a name (axe
    // button-name, critical). Plain objects, not Modal.extend(…): importing the components here
    // would put them in every page's first load.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});

/**
 * Stock dimmed text (gray-6) is 3.3:1 on white, the error red (red-6) 3.3:1, and placeholders drawn as
 * text (FileInput's "Choose File") 2.1:1; these greys and red reach 4.5:1 on white and on gray-0/1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    "--mantine-color-error": "var(--mantine-color-red-8)",
    "--mantine-color-placeholder": "#6a7178",
  },
  dark: {},
});

/**
 * Issue 31: the venue's brand colour as the primary colour (its shades from `brandShades`, so white
 * on it and its darkest shade on its lightest keep AA). Without one, the theme above, unchanged.
 */
export function themeFor(brandColor: string): MantineThemeOverride {
  if (brandColor.toLowerCase() === DEFAULT_BRAND_COLOR) return theme;
  return {
    ...theme,
    primaryColor: "brand",
    colors: { ...theme.colors, brand: brandShades(brandColor) as unknown as MantineColorsTuple },
  };
}
