import "./mantine.css";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { PageLoader } from "./components/layout/AppLayout";
import { NotificationsHost } from "./components/layout/NotificationsHost";
import { SessionProvider } from "./lib/session";
import { AppRoutes, preloadLandingPage } from "./router";
import { cssVariablesResolver, theme } from "./theme";

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

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");
const root = createRoot(container);
// A transition, so React renders the first screen in small slices and a phone's main thread stays
// responsive while it does (Lighthouse counted one long task of a third of a second here).
void appStyles().then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <QueryClientProvider client={queryClient}>
            {/* SPEC §9 Notifications: bottom right, 4000 ms. */}
            <NotificationsHost />
            <SessionProvider fallback={<PageLoader />}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </SessionProvider>
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    );
  }),
);
