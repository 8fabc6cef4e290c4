import { Alert, List, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { FreeAllowance } from "../../../contracts/membership";
import { formatVenueDateShort } from "../../../domain/booking-form";

/** SPEC §2 Member Free Reservations: the rules box with "(N remaining)" for the chosen date's week. */
export function FreeBookingRules({ allowance }: { allowance: FreeAllowance | undefined }) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={20} />}
      title="Your free court time"
      component="section"
      aria-label="Free reservation rules"
    >
      <List size="sm" spacing={4} mb="sm">
        <List.Item>2 free 2-hour court reservations per week (weeks run Monday to Sunday)</List.Item>
        <List.Item>Monday–Thursday between 8am and 5pm, Friday between 8am and 3pm</List.Item>
        <List.Item>Book up to 14 days ahead</List.Item>
      </List>
      {allowance && (
        <Text size="sm" fw={700} data-testid="free-remaining">
          Week of {formatVenueDateShort(allowance.weekStart)} – {formatVenueDateShort(allowance.weekEnd)}:{" "}
          {allowance.used} of {allowance.limit} used ({allowance.remaining} remaining)
        </Text>
      )}
    </Alert>
  );
}
