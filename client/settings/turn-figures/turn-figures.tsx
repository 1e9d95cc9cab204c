import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { AiToolsApi } from '../../api/index.js';
import { translateInEnglish, type Translate } from '../../i18n/index.js';
import {
  useTurnFigures,
  type TurnFiguresComparison,
  type TurnFiguresGroup,
  type TurnFiguresWindow,
} from './use-turn-figures.js';

export interface TurnFiguresProps {
  /** The host's transport to the module's routes (`createAiToolsApi`). */
  readonly api: AiToolsApi;
  /**
   * Whether the signed-in person may read the figures: workspace owners and admins (Docmost's
   * `useUserRole().isAdmin`). For anyone else the block renders nothing and asks nothing (the
   * route answers them 403 anyway).
   */
  readonly canView: boolean;
  /** The host's translation function (react-i18next's `t`). Default: the English texts. */
  readonly t?: Translate;
}

/** The texts, as keys a host translates (see `Translate`). */
export const TURN_FIGURES_TEXTS = {
  title: 'What the agent did in this workspace',
  description:
    'Chat turns of the last days, by model, with deferred tools on and off. Tool tokens are estimates of the tool definitions sent per model request; input tokens are what the model provider reported.',
  window: 'Period',
  days: '{{days}} days',
  loading: 'Loading the figures',
  loadFailed: 'The figures could not be loaded',
  retry: 'Try again',
  empty: 'No chat turns were recorded in the last {{days}} days.',
  model: 'Model',
  deferredOn: 'deferred',
  deferredOff: 'all tools',
  turns: 'Turns',
  toolTokens: 'Tool tokens per request',
  toolTokensValue: '{{sent}} of {{compared}}',
  freshInput: 'Fresh input per turn',
  cachedInput: 'Cached input per turn',
  comparedWithHost:
    'Tool tokens per request are compared with {{name}}: {{tokens}} on every request.',
  comparedWithAllActive:
    'Tool tokens per request are compared with all tools sent on every request (deferred tools off).',
  inputNote:
    "Input per turn as the model provider reported it: fresh input is processed and billed in full, cached input is read from the provider's prompt cache for a fraction of that. A dash: the provider reported no cached input.",
  loadTools: 'Loaded tools',
  unknownNames: 'Unknown names',
  recovered: 'Recovered calls',
  stepLimit: 'Step limit',
  signals: 'Signals followed',
  signalsValue: '{{followed}} of {{lines}}',
  mostLoaded: 'Most loaded with {{model}}: {{tools}}',
  struggle:
    '{{model}}: turns with deferred tools that load nothing end without an answer more often ({{deferred}}) than turns with all tools ({{allActive}}). Consider turning deferred tools off if this model is the one your workspace uses.',
} as const;

function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

function tokens(count: number | null): string {
  return count === null ? '–' : count.toLocaleString('en-US');
}

/** What the group's tool tokens per request are compared with, in tokens per request. */
function comparedTokens(
  group: TurnFiguresGroup,
  comparison: TurnFiguresComparison,
): number {
  return comparison.against === 'hostToolSet'
    ? comparison.tokensPerRequest
    : group.toolTokensPerStep.allActive;
}

function GroupRow({
  group,
  comparison,
  t,
}: {
  readonly group: TurnFiguresGroup;
  readonly comparison: TurnFiguresComparison;
  readonly t: Translate;
}) {
  return (
    <Table.Tr data-testid="turn-figures-row">
      <Table.Td>
        <Text size="sm" fw={500}>
          {group.modelId}
        </Text>
        <Text size="xs" c="dimmed">
          {t(
            group.deferredTools
              ? TURN_FIGURES_TEXTS.deferredOn
              : TURN_FIGURES_TEXTS.deferredOff,
          )}
        </Text>
      </Table.Td>
      <Table.Td>{group.turns}</Table.Td>
      <Table.Td>
        {t(TURN_FIGURES_TEXTS.toolTokensValue, {
          sent: tokens(group.toolTokensPerStep.sent),
          compared: tokens(comparedTokens(group, comparison)),
        })}
      </Table.Td>
      <Table.Td>{tokens(group.inputTokensPerTurn.fresh)}</Table.Td>
      <Table.Td>{tokens(group.inputTokensPerTurn.cached)}</Table.Td>
      <Table.Td>{percent(group.loadToolsTurnShare)}</Table.Td>
      <Table.Td>{percent(group.unknownNames.turnShare)}</Table.Td>
      <Table.Td>{percent(group.recoveredCalls.turnShare)}</Table.Td>
      <Table.Td>{group.stepLimitTurns}</Table.Td>
      <Table.Td>
        {t(TURN_FIGURES_TEXTS.signalsValue, {
          followed: String(group.signals.followed),
          lines: String(group.signals.lines),
        })}
      </Table.Td>
    </Table.Tr>
  );
}

function WindowFigures({
  window,
  comparison,
  t,
}: {
  readonly window: TurnFiguresWindow;
  readonly comparison: TurnFiguresComparison;
  readonly t: Translate;
}) {
  if (window.turns === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="turn-figures-empty">
        {t(TURN_FIGURES_TEXTS.empty, { days: String(window.days) })}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={800}>
        <Table striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(TURN_FIGURES_TEXTS.model)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.turns)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.toolTokens)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.freshInput)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.cachedInput)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.loadTools)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.unknownNames)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.recovered)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.stepLimit)}</Table.Th>
              <Table.Th>{t(TURN_FIGURES_TEXTS.signals)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {window.groups.map((group) => (
              <GroupRow
                key={`${group.modelId}\n${group.deferredTools}`}
                group={group}
                comparison={comparison}
                t={t}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" data-testid="turn-figures-comparison">
        {comparison.against === 'hostToolSet'
          ? t(TURN_FIGURES_TEXTS.comparedWithHost, {
              name: t(comparison.name),
              tokens: tokens(comparison.tokensPerRequest),
            })
          : t(TURN_FIGURES_TEXTS.comparedWithAllActive)}
      </Text>
      <Text size="xs" c="dimmed">
        {t(TURN_FIGURES_TEXTS.inputNote)}
      </Text>
      {window.groups
        .filter((group) => group.topLoadedTools.length > 0)
        .map((group) => (
          <Text
            key={`loaded-${group.modelId}-${group.deferredTools}`}
            size="xs"
            c="dimmed"
          >
            {t(TURN_FIGURES_TEXTS.mostLoaded, {
              model: group.modelId,
              tools: group.topLoadedTools
                .map((tool) => `${tool.name} (${tool.turns})`)
                .join(', '),
            })}
          </Text>
        ))}
      {window.models
        .filter((model) => model.deferredToolsStruggle)
        .map((model) => (
          <Alert
            key={`cue-${model.modelId}`}
            color="yellow"
            data-testid="turn-figures-cue"
          >
            {t(TURN_FIGURES_TEXTS.struggle, {
              model: model.modelId,
              deferred: percent(model.deferredUnansweredWithoutLoadsShare),
              allActive: percent(model.allActiveUnansweredShare),
            })}
          </Alert>
        ))}
    </Stack>
  );
}

/**
 * Workspace settings → AI, below the deferred-tools switch: what the agent's chat turns did
 * over the last 7 or 30 days (`POST /api/ai-tools/stats`), by model and switch position, with
 * the cue to turn the switch off for a model that struggles with deferred tools. Owners and
 * admins only. Needs a `MantineProvider` and a react-query `QueryClientProvider` above it.
 */
export function TurnFigures({
  api,
  canView,
  t = translateInEnglish,
}: TurnFiguresProps) {
  const figures = useTurnFigures(api, canView);
  const [days, setDays] = useState('7');
  if (!canView) return null;

  let body;
  if (figures.data === undefined && figures.isError) {
    body = (
      <Alert color="red" title={t(TURN_FIGURES_TEXTS.loadFailed)}>
        <Text size="sm">{figures.error.message}</Text>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => void figures.refetch()}
        >
          {t(TURN_FIGURES_TEXTS.retry)}
        </Button>
      </Alert>
    );
  } else if (figures.data === undefined) {
    body = (
      <Stack
        gap={6}
        role="status"
        aria-busy="true"
        aria-label={t(TURN_FIGURES_TEXTS.loading)}
      >
        <Skeleton height={12} width="40%" />
        <Skeleton height={10} />
        <Skeleton height={10} width="80%" />
      </Stack>
    );
  } else {
    const shown =
      figures.data.windows.find((entry) => String(entry.days) === days) ??
      figures.data.windows[0];
    body = (
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            {t(TURN_FIGURES_TEXTS.description)}
          </Text>
          <SegmentedControl
            size="xs"
            // Whole labels beside a long description (German's "7 Tage" was cut to "Tage").
            style={{ flexShrink: 0 }}
            aria-label={t(TURN_FIGURES_TEXTS.window)}
            value={days}
            onChange={setDays}
            data={figures.data.windows.map((entry) => ({
              value: String(entry.days),
              label: t(TURN_FIGURES_TEXTS.days, { days: String(entry.days) }),
            }))}
          />
        </Group>
        {shown === undefined ? null : (
          <WindowFigures
            window={shown}
            comparison={figures.data.comparison}
            t={t}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack mt="xl" data-testid="turn-figures">
      <Text fw={700} size="lg">
        {t(TURN_FIGURES_TEXTS.title)}
      </Text>
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
    </Stack>
  );
}
