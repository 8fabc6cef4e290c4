import { Stack } from "@mantine/core";
import { MemberCancelPolicySection } from "./MemberCancelPolicySection";
import { ReminderSettingsSection } from "./ReminderSettingsSection";
import { SelfServicePolicySection } from "./SelfServicePolicySection";

/**
 * Settings › Policies: self-service cancellation (decision 019), members' online cancellation
 * (issue 34) and booking reminders (decision 023).
 */
export default function PoliciesSection() {
  return (
    <Stack gap="md">
      <SelfServicePolicySection />
      <MemberCancelPolicySection />
      <ReminderSettingsSection />
    </Stack>
  );
}
