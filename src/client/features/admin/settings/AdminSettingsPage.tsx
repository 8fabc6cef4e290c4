import { Stack, Title } from "@mantine/core";
import { AdminScreen } from "../shared/AdminScreen";
import { ReminderSettingsSection } from "./ReminderSettingsSection";
import { SelfServicePolicySection } from "./SelfServicePolicySection";

/**
 * /admin/settings: the venue's own rules, one form each (saved on their own): self-service
 * cancellation (issue 14, decision 019) and booking reminders (issue 15, decision 023).
 */
export default function AdminSettingsPage() {
  return (
    <AdminScreen>
      <Stack gap="md" maw={640}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <SelfServicePolicySection />
        <ReminderSettingsSection />
      </Stack>
    </AdminScreen>
  );
}
