import { Alert, List, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { FreeAllowance } from "../../../contracts/membership";
import { formatVenueDateShort } from "../../../domain/booking-form";

/**
 * SPEC §2 Member Free Reservations: the rules box with "(N remaining)" for the chosen date's week.
 * The lines are the server's, from the venue's booking rules (issue 32 item 2).
 */
export function FreeBookingRules({
  allowance,
  rules,
}: {
  allowance: FreeAllowance | undefined;
  rules: string[] | undefined;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={20} />}
      title="Your free court time"
      component="section"
      aria-label="Free reservation rules"
    >
      {rules && (
        <List size="sm" spacing={4} mb="sm">
          {rules.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      {allowance && (
        <Text size="sm" fw={700} data-testid="free-remaining">
          Week of {formatVenueDateShort(allowance.weekStart)} – {formatVenueDateShort(allowance.weekEnd)}:{" "}
          {allowance.used} of {allowance.limit} used ({allowance.remaining} remaining)
        </Text>
      )}
    </Alert>
  );
}
