import { List, Paper, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { MEMBERSHIP_BENEFITS } from "../../../domain/membership";

/** SPEC §9 Membership: the listed benefits. */
export function MembershipBenefits({ clubName }: { clubName: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="benefits-title"
    >
      <Title order={2} size="h4" id="benefits-title" mb={4}>
        Member benefits
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Everything {clubName} members enjoy:
      </Text>
      <List
        spacing="sm"
        size="sm"
        icon={
          <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {MEMBERSHIP_BENEFITS.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
