import { findFormattingSyntax } from './formatting-syntax';

describe('findFormattingSyntax', () => {
  it.each([
    ['make it **bold**', 'bold (**text** or __text__)'],
    ['a __strong__ word', 'bold (**text** or __text__)'],
    ['an *emphasised* word', 'italic (*text* or _text_)'],
    ['an _emphasised_ word', 'italic (*text* or _text_)'],
    ['~~gone~~', 'strikethrough (~~text~~)'],
    ['run `npm start`', 'inline code (`text`)'],
    ['see [the docs](https://x.test)', 'link ([text](url))'],
    ['## Overview', 'heading (# text)'],
  ])('recognises Markdown in %j', (text, name) => {
    expect(findFormattingSyntax(text)).toContain(name);
  });

  it.each([
    '2 * 3 * 4',
    'snake_case_name',
    'price: $8 *',
    'Join #product',
    'a [note] (later)',
    'C# and F#',
  ])('leaves ordinary text alone: %j', (text) => {
    expect(findFormattingSyntax(text)).toEqual([]);
  });
});
