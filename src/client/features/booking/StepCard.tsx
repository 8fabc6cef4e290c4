import { Group, Paper, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./booking.module.css";

/** One numbered step of the booking screen (SPEC §2 Booking screen, steps 1–5). */
export function StepCard({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `booking-step-${step}`;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby={id}>
      <Group gap="sm" mb={{ base: "xs", sm: "md" }} wrap="nowrap">
        <span className={classes.stepNumber} aria-hidden>
          {step}
        </span>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}
