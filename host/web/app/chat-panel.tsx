import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Session } from './api';
import type {
  ChatDataParts,
  ChatMessageMetadata,
} from '../../chat/chat-message-metadata';

type ChatMessage = UIMessage<ChatMessageMetadata, ChatDataParts>;
type Part = ChatMessage['parts'][number];

interface ToolPart {
  readonly type: string;
  readonly toolCallId: string;
  readonly state: string;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly errorText?: string;
}

function isToolPart(part: Part): part is Part & ToolPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}

/** A short view of a tool's input: its JSON, cut to one line. */
function shortInput(input: unknown): string {
  const text = JSON.stringify(input ?? {});
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

function ToolCall({ part }: { part: ToolPart }) {
  const name = part.type === 'dynamic-tool' ? 'tool' : part.type.slice(5);
  const status =
    part.state === 'output-available'
      ? 'ok'
      : part.state === 'output-error'
        ? 'error'
        : 'running';
  const loads =
    name === 'loadTools'
      ? ((part.input as { names?: string[] } | undefined)?.names ?? [])
      : undefined;
  return (
    <li className={`tool-call tool-${status}`} data-tool={name}>
      <span className="tool-name">{name}</span>
      {loads ? (
        <span className="tool-badge">loads {loads.join(', ')}</span>
      ) : (
        <code className="tool-input">{shortInput(part.input)}</code>
      )}
      <span className="tool-status">{status}</span>
      {part.errorText && <div className="tool-error">{part.errorText}</div>}
    </li>
  );
}

function Figures({ metadata }: { metadata: ChatMessageMetadata | undefined }) {
  const figures = metadata?.figures;
  if (!figures) return null;
  return (
    <div className="turn-figures" data-testid="turn-figures">
      <span>model requests: {figures.modelRequests}</span>
      <span>tool tokens sent: {figures.toolTokens.toLocaleString('en')}</span>
      <span>tools active: {figures.toolsActive}</span>
      <span>deferred tools: {figures.deferredTools ? 'on' : 'off'}</span>
    </div>
  );
}

function Message({ message }: { message: ChatMessage }) {
  return (
    <article className={`message message-${message.role}`}>
      {message.parts.map((part, index) => {
        if (part.type === 'text')
          return (
            <p key={index} className="message-text">
              {part.text}
            </p>
          );
        if (part.type === 'data-signal')
          return (
            <p key={index} className="signal" data-testid="signal">
              <strong>signal</strong> with the {part.data.toolName} result:{' '}
              {part.data.line}
            </p>
          );
        if (isToolPart(part))
          return (
            <ul key={index} className="tool-calls">
              <ToolCall part={part} />
            </ul>
          );
        return null;
      })}
      {message.role === 'assistant' && <Figures metadata={message.metadata} />}
    </article>
  );
}

interface ChatPanelProps {
  readonly session: Session;
  /** The page open beside the chat: the turn's `pageId` (the agent's current page). */
  readonly pageId: string | undefined;
}

/**
 * The in-app chat beside the page: `POST /api/ai/chat` streamed as the AI SDK's UI message
 * stream through `useChat`. The host's route takes one message per turn and keeps the history
 * itself, so the transport sends the newest message, the chat's id once known, and the page.
 */
export function ChatPanel({ session, pageId }: ChatPanelProps) {
  const chatId = useRef<string | undefined>(undefined);
  const page = useRef(pageId);
  page.current = pageId;
  const [draft, setDraft] = useState('');
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatMessage>({
        api: '/api/ai/chat',
        prepareSendMessagesRequest: ({ messages }) => {
          const last = messages.at(-1);
          const message = (last?.parts ?? [])
            .map((part) => (part.type === 'text' ? part.text : ''))
            .join('');
          return {
            headers: { authorization: `Bearer ${session.token}` },
            body: {
              message,
              ...(chatId.current && { chatId: chatId.current }),
              ...(page.current && { pageId: page.current }),
            },
          };
        },
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          chatId.current = response.headers.get('x-chat-id') ?? chatId.current;
          return response;
        },
      }),
    [session.token],
  );
  const { messages, sendMessage, status, error, setMessages, stop } =
    useChat<ChatMessage>({ transport });
  const scripted = messages.some(
    (message) => message.metadata?.model?.scripted === true,
  );
  const model = messages.findLast((message) => message.metadata?.model)
    ?.metadata?.model;
  const busy = status === 'submitted' || status === 'streaming';
  // The newest part in view as the turn streams in.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' || busy) return;
    setDraft('');
    void sendMessage({ text });
  };

  return (
    <section className="chat" aria-label="AI chat">
      <header className="panel-header">
        <h2>AI chat</h2>
        {model && (
          <span
            className={scripted ? 'model-label scripted' : 'model-label'}
            data-testid="model-label"
          >
            {scripted ? 'scripted agent (no model configured)' : model.id}
          </span>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            chatId.current = undefined;
            setMessages([]);
          }}
          disabled={busy}
        >
          New chat
        </button>
      </header>
      <div className="messages" data-testid="messages" ref={list}>
        {messages.length === 0 && (
          <p className="hint">
            Ask the agent about the open page. Without AI_BASE_URL the scripted
            agent answers: it appends your message to the page.
          </p>
        )}
        {messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
        {error && <p className="error">The turn failed: {error.message}</p>}
      </div>
      <form className="chat-form" onSubmit={submit}>
        <textarea
          aria-label="Message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
          placeholder={
            pageId ? 'Message the agent about this page' : 'Message the agent'
          }
          rows={3}
        />
        {busy ? (
          // Closing the stream aborts the turn on the server; what ran is kept.
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit" disabled={draft.trim() === ''}>
            Send
          </button>
        )}
      </form>
    </section>
  );
}
