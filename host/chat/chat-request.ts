import { z } from 'zod';
import { describeReceived, findUnstorableText } from '../../src';

/** Longer messages are almost certainly pasted documents; pages are read through tools. */
export const CHAT_MESSAGE_MAX_LENGTH = 32_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const got = (issue: { input?: unknown }) =>
  `got ${describeReceived(issue.input)}`;

export const CHAT_REQUEST_EXPECTED =
  '{ "message": string, "chatId"?: uuid, "pageId"?: page id }';

/** `POST /api/ai/chat` body. */
export const chatRequestSchema = z.strictObject(
  {
    message: z
      .string({
        error: (issue) => `expected a non-empty string, ${got(issue)}`,
      })
      .trim()
      .min(1, 'expected a non-empty string, got an empty one')
      .max(
        CHAT_MESSAGE_MAX_LENGTH,
        `expected at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      )
      .refine((text) => findUnstorableText(text) === undefined, {
        error: (issue) =>
          findUnstorableText(issue.input) === 'nul'
            ? 'expected text without the character U+0000 (NUL), which cannot be stored'
            : 'expected text without unpaired UTF-16 surrogates (half of an emoji), which cannot be stored',
      }),
    chatId: z
      .string({
        error: (issue) =>
          `expected the uuid of one of your chats, ${got(issue)}`,
      })
      .regex(UUID, 'expected the uuid of one of your chats')
      .optional(),
    pageId: z
      .string({
        error: (issue) => `expected a page id (uuid or slugId), ${got(issue)}`,
      })
      .min(1, 'expected a page id (uuid or slugId), got an empty string')
      .max(100, 'expected a page id (uuid or slugId), got a longer string')
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : got(issue),
  },
);

export type ChatRequest = z.output<typeof chatRequestSchema>;
