import { Paper, Stack, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "../../../components/LoadError";
import { Skeleton } from "../../../components/Skeleton";

/** One report's section: its heading, then its figures, a placeholder while they load, or the error. */
export function ReportFrame<T>({
  id,
  title,
  query,
  enabled,
  placeholderHeight = 120,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T, Error>;
  enabled: boolean;
  /** The placeholder's height while the figures load, near the figures' own. */
  placeholderHeight?: number;
  children: (data: T) => ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`${id}-heading`}>
          {title}
        </Title>
        {query.isError ? (
          <LoadError
            message={query.error.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data === undefined ? (
          enabled && <Skeleton style={{ display: "block", height: placeholderHeight }} />
        ) : (
          children(query.data)
        )}
      </Stack>
    </Paper>
  );
}
