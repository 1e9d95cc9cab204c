import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useId, useState } from 'react';
import { AiToolsApiError, type AiToolsApi } from '../../api/index.js';
import { translateInEnglish, type Translate } from '../../i18n/index.js';
import {
  useAiToolsSettings,
  useUpdateAiToolsSettings,
} from '../use-ai-tools-settings.js';

export interface DeferredToolsSettingProps {
  /** The host's transport to the module's routes (`createAiToolsApi`). */
  readonly api: AiToolsApi;
  /**
   * Whether the signed-in person may change the setting: workspace owners and admins (Docmost's
   * `useUserRole().isAdmin`). Others see it read-only, with the reason. The server checks too.
   */
  readonly canChange: boolean;
  /** The host's translation function (react-i18next's `t`). Default: the English texts. */
  readonly t?: Translate;
}

/** The texts, as keys a host translates (see `Translate`). */
export const DEFERRED_TOOLS_TEXTS = {
  title: 'Agent tools',
  label: 'Deferred tools',
  description:
    'On: each model request carries the 13 core tools and a one-line catalog of the others; the agent loads a tool from the catalog when it needs it. Off: all 41 tools (and those of connected MCP servers) are sent with every request, without a catalog. Turn it off if a model fails to load tools.',
  readOnly: 'Only workspace owners and admins can change this setting.',
  loading: 'Loading the deferred tools setting',
  loadFailed: 'The deferred tools setting could not be loaded',
  retry: 'Try again',
  saveFailed: 'The change was not saved',
  offline:
    'The server could not be reached. Check the connection and try again.',
} as const;

/**
 * Workspace settings → AI: the workspace's `deferredTools` switch, in Docmost's settings look
 * (a section title, a bordered paper, a Mantine `Switch` with its description). Needs a
 * `MantineProvider` and a react-query `QueryClientProvider` above it, as Docmost's client has.
 */
export function DeferredToolsSetting({
  api,
  canChange,
  t = translateInEnglish,
}: DeferredToolsSettingProps) {
  const settings = useAiToolsSettings(api);
  const update = useUpdateAiToolsSettings(api);
  // The value the person just chose, shown from the same event until the server answers (the
  // cache's optimistic value arrives a tick later); then the cache's value, rolled back on error.
  const [chosen, setChosen] = useState<boolean>();
  const ids = {
    description: useId(),
    readOnly: useId(),
    error: useId(),
  };

  let body;
  if (settings.data === undefined && settings.isError) {
    body = (
      <Alert color="red" title={t(DEFERRED_TOOLS_TEXTS.loadFailed)}>
        <Text size="sm">{settings.error.message}</Text>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => void settings.refetch()}
        >
          {t(DEFERRED_TOOLS_TEXTS.retry)}
        </Button>
      </Alert>
    );
  } else if (settings.data === undefined) {
    // Never a switch in a default position: the stored value may be the other one.
    body = (
      <Group
        wrap="nowrap"
        gap="md"
        role="status"
        aria-busy="true"
        aria-label={t(DEFERRED_TOOLS_TEXTS.loading)}
      >
        <Skeleton height={20} width={38} radius="xl" />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="30%" />
          <Skeleton height={10} />
          <Skeleton height={10} width="80%" />
        </Stack>
      </Group>
    );
  } else {
    const describedBy = [
      ids.description,
      canChange ? undefined : ids.readOnly,
      update.isError ? ids.error : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    body = (
      <>
        <Switch
          label={t(DEFERRED_TOOLS_TEXTS.label)}
          // The label's text alone is the switch's name; the rest describes it.
          aria-label={t(DEFERRED_TOOLS_TEXTS.label)}
          aria-describedby={describedBy}
          description={
            <span id={ids.description}>
              {t(DEFERRED_TOOLS_TEXTS.description)}
            </span>
          }
          checked={chosen ?? settings.data.deferredTools}
          disabled={!canChange}
          onChange={(event) => {
            const deferredTools = event.currentTarget.checked;
            setChosen(deferredTools);
            update.mutate(
              { deferredTools },
              { onSettled: () => setChosen(undefined) },
            );
          }}
        />
        {!canChange && (
          <Text id={ids.readOnly} size="sm" c="dimmed" mt="sm">
            {t(DEFERRED_TOOLS_TEXTS.readOnly)}
          </Text>
        )}
        {update.isError && (
          <Alert
            id={ids.error}
            color="red"
            mt="md"
            title={t(DEFERRED_TOOLS_TEXTS.saveFailed)}
          >
            {update.error instanceof AiToolsApiError &&
            update.error.isNetworkError
              ? t(DEFERRED_TOOLS_TEXTS.offline)
              : update.error.message}
          </Alert>
        )}
      </>
    );
  }

  return (
    <Stack mt="sm" data-testid="deferred-tools-setting">
      <Text fw={700} size="lg">
        {t(DEFERRED_TOOLS_TEXTS.title)}
      </Text>
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
    </Stack>
  );
}
