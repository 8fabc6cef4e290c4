import { List, Loader, Paper, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useMembershipBenefits } from "./api/get-membership-benefits";

/** SPEC §9 Membership: the listed benefits, as the venue's booking rules and prices make them. */
export function MembershipBenefits({ clubName }: { clubName: string }) {
  const benefits = useMembershipBenefits();
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
        {benefits.data?.benefits.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
      {benefits.isPending && <Loader size="sm" aria-label="Loading the benefits" />}
      {benefits.isError && (
        <Text size="sm" c="red.8">
          The benefits could not be loaded. Please reload the page.
        </Text>
      )}
    </Paper>
  );
}
