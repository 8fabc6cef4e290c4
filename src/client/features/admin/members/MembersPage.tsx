import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import type { ActiveMember } from "../../../../contracts/admin-members";
import { LoadError } from "../../../components/LoadError";
import { ApiError, errorMessage } from "../../../lib/api";
import { notifyError } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { AdminScreen } from "../shared/AdminScreen";
import { formatDateMedium } from "../shared/format";
import { ManagerPasswordModal } from "../shared/ManagerPasswordModal";
import { CompMembershipModal } from "./CompMembershipModal";
import { MemberTable } from "./MemberTable";
import { useMemberActions, useMembers } from "./use-member-actions";

type Pending = { kind: "freeze" | "cancel"; member: ActiveMember; nextBillingDate?: string };

/** SPEC §2 Active Members (/admin/members). */
export default function MembersPage() {
  const members = useMembers();
  const actions = useMemberActions();
  const [search, setSearch] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<{ id: string; label: string } | null>(null);
  // Issue 32 item 3: comping is a manager's (the server checks the role too).
  const manages = useSession().staffCan("manager");
  const [comping, setComping] = useState<{ email: string } | null>(null);

  useEffect(() => {
    if (members.isError) notifyError("Failed to load members");
  }, [members.isError]);

  // Case-insensitive over first name, last name and email.
  const all = members.data?.members ?? [];
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return all;
    return all.filter((m) => [m.firstName, m.lastName, m.email].some((v) => v.toLowerCase().includes(q)));
  }, [all, search]);

  async function startCancel(member: ActiveMember) {
    setBusy({ id: member.id, label: "Loading..." });
    try {
      const info = await actions.subscriptionInfo(member);
      setPending({ kind: "cancel", member, nextBillingDate: info.nextBillingDate });
    } catch (err) {
      notifyError(
        err instanceof ApiError && err.status > 0 && err.status < 500
          ? err.message
          : "Failed to fetch subscription info",
      );
    } finally {
      setBusy(null);
    }
  }

  async function confirm(password: string) {
    if (!pending) return;
    const { member, kind } = pending;
    setBusy({ id: member.id, label: kind === "freeze" ? "Updating..." : "Cancelling..." });
    try {
      if (kind === "freeze") await actions.freeze(member, password);
      else await actions.cancelMembership(member, password);
    } finally {
      setBusy(null);
    }
  }

  const failed = (err: unknown) => {
    if (pending?.kind === "freeze") notifyError(errorMessage(err, "Failed to update account status"));
    else
      notifyError(
        err instanceof ApiError ? errorMessage(err, "Failed to cancel membership") : "Something went wrong",
      );
    actions.reload();
  };

  return (
    <AdminScreen>
      <Stack gap="md">
        <Title order={1} size="h2">
          Active Members{" "}
          {members.data && (
            <Text span c="dimmed" fz="lg" fw={500}>
              ({shown.length} of {all.length} members shown)
            </Text>
          )}
        </Title>
        {manages && (
          <Group>
            <Button variant="light" onClick={() => setComping({ email: "" })}>
              Comp a Membership
            </Button>
          </Group>
        )}
        <TextInput
          placeholder="Search by name or email..."
          aria-label="Search by name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
        {members.isPending && <Text c="dimmed">Loading...</Text>}
        {members.isError && (
          <LoadError
            message="Failed to load members"
            onRetry={members.refetch}
            retrying={members.isFetching}
          />
        )}
        {members.data &&
          (shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {all.length === 0 ? "No members yet" : "No members match your search"}
            </Text>
          ) : (
            <MemberTable
              members={shown}
              busy={busy}
              onFreeze={(member) => setPending({ kind: "freeze", member })}
              onCancel={startCancel}
              onComp={(member) => setComping({ email: member.email })}
            />
          ))}
      </Stack>
      <CompMembershipModal
        opened={comping !== null}
        email={comping?.email ?? ""}
        onClose={() => setComping(null)}
      />
      <ManagerPasswordModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        onError={failed}
        notice={
          pending?.kind === "cancel" && pending.nextBillingDate ? (
            <Alert color="orange" variant="light">
              This membership will stay active until {formatDateMedium(pending.nextBillingDate)}. Are you sure
              you want to cancel?
            </Alert>
          ) : null
        }
        busyLabel={pending?.kind === "cancel" ? "Cancelling..." : "Updating..."}
      />
    </AdminScreen>
  );
}
