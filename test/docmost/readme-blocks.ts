import { readFileSync } from 'node:fs';

/** One line of the README, with its number (from 1) as an editor shows it. */
export interface ReadmeLine {
  readonly number: number;
  readonly text: string;
}

/** A fenced code block of the README: its language and its lines, fences left out. */
export interface ReadmeBlock {
  readonly heading: string;
  readonly language: string;
  readonly lines: readonly ReadmeLine[];
}

/**
 * The fenced code blocks under a heading (up to the next heading of the same or a higher
 * level), in order. Throws naming the heading when the README has none: the mount cannot be
 * taken from a README that no longer has it.
 */
export function readmeBlocks(
  readmeFile: string,
  heading: string,
  language = 'ts',
): ReadmeBlock[] {
  const lines = readFileSync(readmeFile, 'utf8').split('\n');
  const level = /^#+/.exec(heading)?.[0].length ?? 0;
  const start = lines.findIndex((line) => line.trim() === heading.trim());
  if (start === -1)
    throw new Error(
      `the README has no heading "${heading}" to take the mount from`,
    );
  const blocks: ReadmeBlock[] = [];
  let open: { language: string; lines: ReadmeLine[] } | undefined;
  for (let index = start + 1; index < lines.length; index++) {
    const text = lines[index];
    const fence = /^```(\S*)\s*$/.exec(text);
    if (open === undefined) {
      const headingLevel = /^(#+)\s/.exec(text)?.[1].length;
      if (headingLevel !== undefined && headingLevel <= level) break;
      if (fence) open = { language: fence[1], lines: [] };
      continue;
    }
    if (fence && fence[1] === '') {
      if (open.language === language)
        blocks.push({ heading, language, lines: open.lines });
      open = undefined;
      continue;
    }
    open.lines.push({ number: index + 1, text });
  }
  if (blocks.length === 0)
    throw new Error(
      `the README's "${heading}" has no \`\`\`${language} block to take the mount from`,
    );
  return blocks;
}
