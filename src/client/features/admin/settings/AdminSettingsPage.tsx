import { NavLink as MantineNavLink, Stack, Title } from "@mantine/core";
import { Suspense } from "react";
import { Navigate, NavLink, useParams } from "react-router";
import { PageLoader } from "../../../components/layout/AppLayout";
import NotFoundPage from "../../../components/NotFoundPage";
import { AdminScreen } from "../shared/AdminScreen";
import classes from "./SettingsNav.module.css";
import { SETTINGS_SECTIONS } from "./settings-sections";

function SectionLinks({ current, className }: { current: string; className?: string }) {
  return (
    <nav aria-label="Settings sections" className={className}>
      {SETTINGS_SECTIONS.map((section) => (
        <MantineNavLink
          key={section.slug}
          component={NavLink}
          to={`/admin/settings/${section.slug}`}
          label={section.label}
          active={section.slug === current}
          aria-current={section.slug === current ? "page" : undefined}
        />
      ))}
    </nav>
  );
}

/**
 * /admin/settings/:section — the venue's own rules, one section at a time, from the one list in
 * settings-sections.tsx. /admin/settings opens the first section.
 */
export default function AdminSettingsPage() {
  const { section: slug } = useParams();
  const first = SETTINGS_SECTIONS[0];
  if (!slug && first) return <Navigate to={`/admin/settings/${first.slug}`} replace />;
  const section = SETTINGS_SECTIONS.find((s) => s.slug === slug);
  if (!section) return <NotFoundPage />;
  const Section = section.component;
  return (
    <AdminScreen>
      <Stack gap="md">
        <Title order={1} size="h2">
          Settings
        </Title>
        <div className={classes.layout}>
          <SectionLinks current={section.slug} className={classes.side} />
          <SectionLinks current={section.slug} className={classes.top} />
          <div className={classes.content}>
            <Title order={2} size="h3" mb="md">
              {section.label}
            </Title>
            <Suspense fallback={<PageLoader />}>
              <Section />
            </Suspense>
          </div>
        </div>
      </Stack>
    </AdminScreen>
  );
}
