import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from "@mantine/core";

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
  headings: { fontFamily: FONT_STACK, fontWeight: "800" },
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
