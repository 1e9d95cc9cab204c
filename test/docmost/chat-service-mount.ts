import ts from 'typescript';
import {
  declaredNames,
  freeNames,
  importStatements,
  resolveImports,
} from './docmost-imports';
import {
  docmostLines,
  GeneratedSource,
  glueLines,
  readmeSourceLines,
  type SourceLine,
} from './generated-source';
import type { ReadmeBlock, ReadmeLine } from './readme-blocks';

export const CHAT_SERVICE = 'src/core/ai-chat/ai-chat.service.ts';

/**
 * The names the README's chat-service lines use for what Docmost's `stream()` has in scope
 * under other names. The README speaks of any host; these bind it to this Docmost. Glue, printed.
 */
const SCOPE_NAMES: readonly (readonly [string, string])[] = [
  ['userId', 'user.id'],
  ['workspaceId', 'workspace.id'],
  ['currentPageId', 'openPageContext?.id'],
  ['newChat', 'isNewChat'],
  ['mcpTools', 'external.tools'],
  ['docmostSystemPrompt', 'system'],
  ['maxSteps', 'MAX_AGENT_STEPS'],
];

/** The README's chat-service block, cut where its lines go in Docmost's service. */
interface ChatServiceLines {
  readonly constructorParameters: readonly ReadmeLine[];
  readonly turnStatements: readonly ReadmeLine[];
  /** The `streamText(...)` line, and its argument (the options the README passes). */
  readonly streamText: ReadmeLine;
  readonly streamTextOptions: string;
}

function cut(block: ReadmeBlock): ChatServiceLines {
  const { lines } = block;
  const find = (what: string, test: (text: string) => boolean): number => {
    const index = lines.findIndex((line) => test(line.text.trim()));
    if (index === -1)
      throw new Error(
        `the README's chat-service block (lines ${lines[0].number}-${lines.at(-1)!.number}) has no ${what}: the mount cannot apply it`,
      );
    return index;
  };
  const open = find('`constructor(` line', (text) =>
    text.startsWith('constructor('),
  );
  const close = find('`) {}` line closing the constructor', (text) =>
    text.startsWith(') {}'),
  );
  const call = find('`streamText(` call', (text) =>
    text.includes('streamText('),
  );
  const streamText = lines[call];
  const argument = /streamText\((.*)\);?\s*(\/\/.*)?$/.exec(
    streamText.text,
  )?.[1];
  if (argument === undefined)
    throw new Error(
      `README.md line ${streamText.number}: the streamText call is not on one line; the mount takes its options from that line`,
    );
  return {
    constructorParameters: lines
      .slice(open + 1, close)
      .filter((line) => !/^\s*\/\*.*\*\/\s*$/.test(line.text)),
    turnStatements: lines
      .slice(close + 1, call)
      .filter((line) => line.text.trim() !== ''),
    streamText,
    streamTextOptions: argument,
  };
}

/** Where, in Docmost's service, each piece goes (0-based line indexes of its text). */
interface Anchors {
  readonly lastConstructorParameter: number;
  readonly statementWithStreamText: number;
  readonly lastOverriddenOption: number;
  readonly callbackBodies: ReadonlyMap<string, number>;
}

function anchors(text: string, overridden: ReadonlySet<string>): Anchors {
  const file = ts.createSourceFile(
    CHAT_SERVICE,
    text,
    ts.ScriptTarget.Latest,
    true,
  );
  const lineOf = (position: number) =>
    file.getLineAndCharacterOfPosition(position).line;
  let constructorEnd: number | undefined;
  let call: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isConstructorDeclaration(node) && node.parameters.length > 0)
      constructorEnd ??= lineOf(node.parameters.at(-1)!.getEnd());
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'streamText'
    )
      call ??= node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  const where = `Docmost's ${CHAT_SERVICE}`;
  if (constructorEnd === undefined)
    throw new Error(
      `${where} has no constructor with parameters: the README's constructor line does not apply`,
    );
  if (call === undefined || !ts.isObjectLiteralExpression(call.arguments[0]))
    throw new Error(
      `${where} has no streamText({ … }) call: the README's streamText line does not apply`,
    );
  let statement: ts.Node = call;
  while (
    !ts.isBlock(statement.parent) ||
    !ts.isMethodDeclaration(statement.parent.parent)
  )
    statement = statement.parent;
  const options = call.arguments[0];
  let lastOverriddenOption: number | undefined;
  const callbackBodies = new Map<string, number>();
  for (const property of options.properties) {
    const name =
      property.name && ts.isIdentifier(property.name) ? property.name.text : '';
    if (overridden.has(name)) lastOverriddenOption = lineOf(property.getEnd());
    const value = ts.isPropertyAssignment(property)
      ? property.initializer
      : undefined;
    if (value && ts.isArrowFunction(value) && ts.isBlock(value.body))
      callbackBodies.set(name, lineOf(value.body.getStart()));
  }
  if (lastOverriddenOption === undefined)
    throw new Error(
      `${where}'s streamText call sets none of ${[...overridden].join(', ')}: the README's options do not apply`,
    );
  return {
    lastConstructorParameter: constructorEnd,
    statementWithStreamText: lineOf(statement.getStart()),
    lastOverriddenOption,
    callbackBodies,
  };
}

/** How the turn ends in each of Docmost's terminal callbacks (the README's `turn.end` comment). */
const TURN_ENDS: ReadonlyMap<string, string> = new Map([
  [
    'onFinish',
    "await aiToolsTurn?.turn.end({ status: 'completed', answered: text.trim() !== '', usage: totalUsage });",
  ],
  [
    'onError',
    "await aiToolsTurn?.turn.end({ status: 'failed', answered: false });",
  ],
  [
    'onAbort',
    "await aiToolsTurn?.turn.end({ status: 'aborted', answered: false });",
  ],
]);

/**
 * Docmost's chat service with the README's chat-service lines: the tenth constructor
 * parameter, the turn (`context`, `begin`, the system prompt with the catalog) before the
 * `streamText` call, the README's options spread over Docmost's own, and `turn.end` in each
 * terminal callback. The turn is begun only when the module is there (`@Optional()`), so
 * Docmost's own path stays as it was without it.
 */
export function mountChatService({
  docmostText,
  block,
  serverSource,
  packageExports,
}: {
  readonly docmostText: string;
  readonly block: ReadmeBlock;
  readonly serverSource: string;
  readonly packageExports: ReadonlySet<string>;
}): { source: GeneratedSource; glue: string[] } {
  const readme = cut(block);
  // The options the README sets over Docmost's: its own keys, and the turn's fields (`...turn`).
  const overridden = new Set([
    ...[
      ...readme.streamTextOptions.matchAll(/(?:^|[{,]\s*)(\w+)\s*(?=[:,}])/g),
    ].map((match) => match[1]),
    ...['tools', 'prepareStep', 'experimental_repairToolCall'],
  ]);
  const where = anchors(docmostText, overridden);
  const readmeCode = [...readme.constructorParameters, ...readme.turnStatements]
    .map((line) => line.text)
    .join('\n');
  const inScope = new Set([
    ...declaredNames(docmostText),
    ...SCOPE_NAMES.map(([name]) => name),
    'this',
  ]);
  const missing = [
    ...freeNames(
      `class X { constructor(${readme.constructorParameters.map((l) => l.text).join('\n')}) {} }\n${readmeCode}`,
    ),
  ].filter((name) => !inScope.has(name));
  const imports = resolveImports({
    names: missing,
    serverSource,
    importingFile: `${serverSource}/core/ai-chat/ai-chat.service.ts`,
    packageExports,
  });
  const glue = [
    ...imports.map(
      (i) =>
        `${CHAT_SERVICE}: import ${i.name} from '${i.from}' (${i.because})`,
    ),
    ...SCOPE_NAMES.map(
      ([name, value]) =>
        `${CHAT_SERVICE}: the README's ${name} is Docmost's ${value}`,
    ),
    `${CHAT_SERVICE}: the turn is begun only when the module is mounted (the parameter is @Optional())`,
    `${CHAT_SERVICE}: the README's streamText options spread over Docmost's (they set ${[...overridden].join(', ')})`,
    ...[...TURN_ENDS].map(
      ([callback, line]) =>
        `${CHAT_SERVICE}: in ${callback}, ${line} (the README's turn.end comment)`,
    ),
  ];
  const docmost = docmostLines(docmostText);
  const out: SourceLine[] = [];
  const importWhy = "imports of the names the README's chat-service lines use";
  out.push(...glueLines(importWhy, ...importStatements(imports)));
  docmost.forEach((line, index) => {
    if (index === where.statementWithStreamText) {
      const indent = /^\s*/.exec(line.text)![0];
      out.push(
        ...glueLines(
          "the README's names for what Docmost's stream() has in scope",
          ...SCOPE_NAMES.map(
            ([name, value]) => `${indent}const ${name} = ${value};`,
          ),
        ),
        ...glueLines(
          'the turn, only with the module mounted',
          `${indent}const aiToolsTurn = this.aiChatTurn === undefined ? undefined : await (async () => {`,
        ),
        ...readmeSourceLines(readme.turnStatements),
        ...glueLines(
          "the README's streamText options, kept for Docmost's call",
          `${indent}  return {`,
          `${indent}    turn,`,
        ),
        ...readmeSourceLines([
          {
            number: readme.streamText.number,
            text: `${indent}    options: ${readme.streamTextOptions},`,
          },
        ]),
        ...glueLines(
          "the README's streamText options, kept for Docmost's call",
          `${indent}  };`,
          `${indent}})();`,
        ),
      );
    }
    out.push(line);
    if (index === where.lastConstructorParameter) {
      if (!line.text.trimEnd().endsWith(','))
        out.push(
          ...glueLines("a comma after Docmost's last parameter", '    ,'),
        );
      out.push(...readmeSourceLines(readme.constructorParameters));
    }
    if (index === where.lastOverriddenOption)
      out.push(
        ...glueLines(
          "the README's options over Docmost's",
          '        ...aiToolsTurn?.options,',
        ),
      );
    for (const [callback, body] of where.callbackBodies)
      if (index === body && TURN_ENDS.has(callback))
        out.push(
          ...glueLines(
            "the README's turn.end comment",
            `          ${TURN_ENDS.get(callback)!}`,
          ),
        );
  });
  return { source: new GeneratedSource(CHAT_SERVICE, out), glue };
}
