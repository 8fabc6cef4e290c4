import { Box, Container } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PageSkeleton } from "../Skeleton";
import { Footer } from "./Footer";
import { Header } from "./Header";

// Staff only: its code stays out of the public pages' first load.
const AdminSidebar = lazy(() => import("./AdminSidebar").then((m) => ({ default: m.AdminSidebar })));

/** While a page's code or data arrives: its shape in grey blocks, never a lone spinner (issue 34). */
export const PageLoader = () => (
  <Container size="lg">
    <PageSkeleton />
  </Container>
);

/** Every page: header, content, footer (SPEC §2). */
export function AppLayout() {
  useDocumentTitle();
  return (
    <Box mih="100dvh" style={{ display: "flex", flexDirection: "column" }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down when
          the page's data arrives (a layout shift on every first visit). */}
      <Box component="main" id="main" mih="100dvh" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}

/** Admin screens (and an admin's profile and event pages) get the side bar beside the content. */
export function WithAdminSidebar({ children, enabled }: { children: React.ReactNode; enabled: boolean }) {
  if (!enabled)
    return (
      <Container size="lg" py="lg">
        {children}
      </Container>
    );
  return (
    <Box className="admin-frame">
      <Suspense fallback={null}>
        <AdminSidebar />
      </Suspense>
      <Box style={{ flex: 1, minWidth: 0 }} p={{ base: "sm", sm: "lg" }}>
        {children}
      </Box>
    </Box>
  );
}
