import "./mantine.css";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useMemo } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { PageLoader } from "./components/layout/AppLayout";
import { SessionProvider } from "./lib/session";
import { useVenue } from "./lib/venue";
import { AppRoutes, preloadLandingPage } from "./router";
import { cssVariablesResolver, themeFor } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

preloadLandingPage(window.location.pathname);

/**
 * The server preloads the app's style sheet instead of letting it block the first paint (its frame
 * is styled inline); it applies here, before the first render, so no screen shows unstyled.
 */
function appStyles(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>("link[data-app-styles]");
  if (!preload) return Promise.resolve();
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.crossOrigin = preload.crossOrigin;
  sheet.href = preload.href;
  const loaded = new Promise<void>((resolve) => {
    sheet.onload = () => resolve();
    sheet.onerror = () => resolve();
  });
  preload.after(sheet);
  return loaded;
}

/** The theme in the venue's brand colour (issue 31), read from the settings the page was served with. */
function VenueTheme({ children }: { children: ReactNode }) {
  const { brandColor } = useVenue();
  const theme = useMemo(() => themeFor(brandColor), [brandColor]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");
const root = createRoot(container);
// A transition, so React renders the first screen in small slices and a phone's main thread stays
// responsive while it does (Lighthouse counted one long task of a third of a second here).
void appStyles().then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <VenueTheme>
            <SessionProvider fallback={<PageLoader />}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SessionProvider>
          </VenueTheme>
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);
